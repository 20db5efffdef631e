/** @type {import('@remix-run/dev').AppConfig} */
// KINETIC_BUILD_DIR lets concurrent test runs build into their own folder.
const buildDir = process.env.KINETIC_BUILD_DIR || "build";
module.exports = {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "cjs",
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: process.env.KINETIC_BUILD_DIR ? `${buildDir}/client` : "public/build",
  publicPath: "/build/",
  serverDependenciesToBundle: [
    /^htmlparser2/, /^domutils/, /^css-select/, /^css-what/, /^dom-serializer/,
    /^domhandler/, /^domelementtype/, /^entities/, /^boolbase/, /^nth-check/, /^jose/, /^caniemail/,
    // ESM-only prompt-language packages (franc-min and its dependencies).
    /^franc-min/, /^trigram-utils/, /^n-gram/, /^collapse-white-space/,
  ],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
