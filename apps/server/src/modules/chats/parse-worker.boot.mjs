// The entry of a worker thread of parse-pool.ts. The server runs under tsx, whose loader a new
// thread does not inherit, so the worker registers it before loading the TypeScript module.
import { register } from 'tsx/esm/api';

register();
const { prepareUpload: upload } = await import('./prepare-upload.ts');
const { prepareSave: save } = await import('./prepare-save.ts');
const { readMedia: read } = await import('./read-media.ts');

export const prepareUpload = upload;
export const prepareSave = save;
export const readMedia = read;
export default upload;
