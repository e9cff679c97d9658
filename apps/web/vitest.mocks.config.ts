import { mockingFiles, webProject } from './vitest.config.ts';

// The web tests that use `vi.mock`, each file in a fresh module registry (vitest.config.ts says why).
export default webProject({ name: 'web-mocks', include: mockingFiles, exclude: [], isolate: true });
