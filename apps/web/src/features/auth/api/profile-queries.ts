import { useMutation } from '@tanstack/react-query';
import { authMessages, type ChangePasswordRequest, type UpdateProfileRequest } from '@wadesk/contract';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { useReplaceAuthUser } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { toast } from '@/shared/ui/toast';
import { changePassword, updateProfile } from './profile-api';

/**
 * Saves and shows the account as the server answered it: the name in the menu, times in the new zone.
 * The toasts are the mutation's own, not the caller's: a new time zone draws the screens again, and the
 * form that saved it is gone before a caller's callback could run.
 */
export function useUpdateProfile() {
  const replaceUser = useReplaceAuthUser();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => updateProfile(body),
    onSuccess: (user) => {
      replaceUser(user);
      toast.success(authMessages.profileSaved);
    },
    onError: (error) => toast.error(errorMessage(error, T.saveFailed)),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(body) });
}
