export const PROFILE_TEXTS = {
  title: 'Profile',
  description: 'Your name, the time zone you read times in, and your password.',
  nameTitle: 'Your name',
  nameDescription: 'How your team sees you: in the menu, on notes, and on tickets assigned to you.',
  saveName: 'Save name',
  saveFailed: 'Your profile could not be saved. Try again.',
  zoneTitle: 'Time zone',
  zoneDescription:
    'Times in the desk, the inbox, the audit log and exported files show in this zone. Only you see them this way.',
  zoneLabel: 'Show times in',
  browserZone: (zone: string) => `This browser's time zone (${zone})`,
  zonePreview: (time: string) => `The time now: ${time}`,
  saveZone: 'Save time zone',
  passwordTitle: 'Password',
  passwordDescription:
    'Changing it signs you out everywhere else, on every other browser and device. You stay signed in here.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordHint: 'At least 6 characters, with a capital letter and a special character.',
  changePassword: 'Change password',
  passwordFailed: 'Your password could not be changed. Try again.',
} as const;
