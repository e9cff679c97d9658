// The entry of a parse worker thread (parse-pool.ts). The server runs under tsx, whose loader a new
// thread does not inherit, so the worker registers it before loading the TypeScript module.
import { register } from 'tsx/esm/api';

register();
const { parseUpload } = await import('./parse-upload.ts');

export default parseUpload;
