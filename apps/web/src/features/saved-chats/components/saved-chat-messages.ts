/** The texts of saved chats: the product's fixed wording (kept as it is), and ours for what it does not cover. */
export const SAVED_CHAT_MESSAGES = {
  saved: 'Chat is Saved Successfully into your account!',
  saveFailed: 'Something Went Wrong While Saving Chat!',
  renamed: 'Chat renamed.',
  renameFailed: 'The chat could not be renamed. Try again.',
  deleted: 'Chat deleted.',
  deleteFailed: 'The chat could not be deleted. Try again.',
  notFound: 'This saved chat was not found in your account. Choose one from Previous Chats.',
  openFailed: 'The saved chat could not be opened. Reload the page to try again.',
} as const;
