/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  tailwind: true,
  // Twilio's Voice SDK (the call panel's real device, a lazy chunk fetched only for real calls) uses Node's events.
  browserNodeBuiltinsPolyfill: { modules: { events: true } },
  // The benchmark (bench/run.ts) builds into its own folder, so it never swaps the assets of a test server running from build/.
  ...(process.env.REMIX_BUILD_DIR
    ? { serverBuildPath: `${process.env.REMIX_BUILD_DIR}/index.js`, assetsBuildDirectory: `${process.env.REMIX_BUILD_DIR}/public/build` }
    : {}),
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
};
