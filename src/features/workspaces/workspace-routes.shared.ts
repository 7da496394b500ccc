// What the workspace routes share: their tag.

export const tags = ['workspaces'];
