/** The texts of saved chats: the product's fixed wording (kept as it is), and ours for what it does not cover. */
export const SAVED_CHAT_MESSAGES = {
  saved: 'Chat is Saved Successfully into your account!',
  saveFailed: 'Something Went Wrong While Saving Chat!',
  renamed: 'Chat renamed.',
  renameFailed: 'Something Went Wrong While Renaming Chat!',
  deleted: 'Chat deleted.',
  deleteFailed: 'Something Went Wrong While Deleting Chat!',
  notFound: 'This saved chat was not found in your account.',
  openFailed: 'Something Went Wrong While Opening Chat!',
} as const;
