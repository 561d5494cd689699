/**
 * Avatar change: upload the cropped image, then `POST ApiPaths.userAvatar(userId)
 * {fileId}`; the new URL goes into the session store (the header shows it), the cached profile
 * and the local `userInfo`.
 */
import { ApiPaths, type AvatarData, type UserProfile } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '@/api/profile';
import { apiPost } from '@/lib/api-client';
import { loadUserInfo, storeUserInfo } from '@/lib/session-storage';
import { useSession } from '@/stores/session';
import { uploadFile } from './upload-file';

export function setAvatar(userId: number, fileId: string): Promise<AvatarData> {
  return apiPost<AvatarData>(ApiPaths.userAvatar(userId), { fileId }, { silent: true });
}

/** Uploads `image` and makes it the avatar; resolves to the new avatar URL. */
export async function uploadAvatar(userId: number, image: Blob): Promise<string> {
  const file = await uploadFile(image, 'avatar.png');
  const { avatar } = await setAvatar(userId, file.fileId);
  return avatar;
}

export function useUploadAvatar(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => uploadAvatar(userId, image),
    onSuccess: (avatar) => {
      useSession.getState().patchUser({ avatar });
      queryClient.setQueryData(profileQueryOptions(userId).queryKey, (old: UserProfile | undefined) =>
        old ? { ...old, avatar } : old,
      );
      const info = loadUserInfo();
      if (info) storeUserInfo({ ...info, avatar });
    },
  });
}
