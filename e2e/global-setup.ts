import { ensureWebBuild } from '../scripts/web-build.mjs';

// The e2e suite drives the production build, exactly what `npm start` serves.
export default function setup() {
  ensureWebBuild({ quiet: true });
}
