// English messages of the invitation page an e-mailed link opens, and of signing up from it
// (docs/decisions.md D63); spread into en.ts, with their German twins in invitations.de.ts.
export const invitationsEn = {
  'invitation.title': 'Invitation to {org}',
  'invitation.loading': 'Loading the invitation …',
  'invitation.notFound.title': 'Invitation not found',
  'invitation.notFound.text':
    'This link is not valid. Check that you opened the whole link from the invitation e-mail.',
  'invitation.invitedBy': '{inviter} invited you to join {org} on qrs.',
  'invitation.invited': 'You were invited to join {org} on qrs.',
  'invitation.sentTo': 'Sent to',
  'invitation.orgRole': 'Role in the organization',
  'invitation.workspaces': 'Workspaces',
  'invitation.allWorkspaces': 'All workspaces, as an organization admin',
  'invitation.noWorkspaces': 'None yet: an admin can add you to workspaces later.',
  'invitation.validUntil': 'Valid until',
  'invitation.status.expired': 'This invitation expired on {date}. Ask the person who invited you for a new one.',
  'invitation.status.replaced':
    'This link was replaced by a newer invitation. Open the link in the latest invitation e-mail.',
  'invitation.status.accepted': 'This invitation has already been accepted.',
  'invitation.status.declined': 'This invitation was declined.',
  'invitation.status.revoked':
    'This invitation was withdrawn. Ask the person who invited you for a new one if you still need access.',
  'invitation.new': 'Create an account with {email} to join. No organization of your own is created.',
  'invitation.existing': 'An account with {email} exists. Log in to accept the invitation.',
  'invitation.createAccount': 'Create account',
  'invitation.logIn': 'Log in',
  'invitation.accept': 'Accept and join {org}',
  'invitation.decline': 'Decline',
  'invitation.declined': 'You declined the invitation to {org}.',
  'invitation.otherAccount':
    'You are logged in as {current}, but this invitation is for {email}. Log out, then log in or sign up with {email}.',
  'invitation.logOut': 'Log out',
  'invitation.toDashboard': 'Go to the dashboard',
  'invitation.signupTitle': 'Join {org}',
  'invitation.signupIntro':
    'Choose a password to create your account. You join {org} with the roles of the invitation; no organization of your own is created.',
  'invitation.emailLocked': 'The invitation was sent to this address.',
  'invitation.signupButton': 'Create account and join',
  'invitation.back': 'Back to the invitation',
  'invitation.banner.useLink':
    'Open the link in the invitation e-mail to {email}: it shows who invited you and with which roles, and accepts in one click.',
} as const;
