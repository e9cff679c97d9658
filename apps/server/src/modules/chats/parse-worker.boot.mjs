// The entry of a worker thread of parse-pool.ts. The server runs under tsx, whose loader a new
// thread does not inherit, so the worker registers it before loading the TypeScript module.
import { register } from 'tsx/esm/api';

register();
const { parseUpload: parse } = await import('./parse-upload.ts');
const { prepareSave: prepare } = await import('./prepare-save.ts');
const { readMedia: read } = await import('./read-media.ts');

export const parseUpload = parse;
export const prepareSave = prepare;
export const readMedia = read;
export default parse;
