// npm test builds the app the HTTP tests serve before vitest starts (scripts/test.sh), so no test's
// set-up time limit includes a build. A fresh build is reused.
import { prepareTestBuild } from "./helpers/test-build";

const started = Date.now();
prepareTestBuild().then(
  (dir) => console.log(`test build ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
