// What the webhook routes share: their tag and who may call them.

export const tags = ['webhooks'];
export const who = 'org_admin, ws_admin of the workspace, or an API key. Endpoints belong to the current workspace.';
