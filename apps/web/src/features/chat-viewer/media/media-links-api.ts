import { presignBatchResponse } from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

/** Signed links for many attachment objects at once (names not the user's come back as missing). */
export const fetchMediaLinks = (objectNames: string[]) =>
  api.post('/v1/getPresignedUrls/', { object_names: objectNames }, presignBatchResponse);
