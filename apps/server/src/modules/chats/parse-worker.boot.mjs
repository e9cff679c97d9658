// The entry of a worker thread of parse-pool.ts. The server runs under tsx, whose loader a new
// thread does not inherit, so the worker registers it before loading the TypeScript module.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { register } from 'tsx/esm/api';

register();
const { prepareUpload: upload } = await import('./prepare-upload.ts');
const { prepareSave: save } = await import('./prepare-save.ts');
const { readMedia: read } = await import('./read-media.ts');
const { installCollector, releaseGarbage } = await import('./worker-memory.ts');

// The flag gives a new context a `gc` function; this thread's own global stays as it was.
setFlagsFromString('--expose-gc');
installCollector(runInNewContext('gc'));

/** A large task's garbage is collected before the next task allocates on top of it (worker-memory.ts). */
const thenCollect = (task) => async (input) => {
  try {
    return await task(input);
  } finally {
    releaseGarbage();
  }
};

export const prepareUpload = thenCollect(upload);
export const prepareSave = thenCollect(save);
export const readMedia = read;
export default prepareUpload;
