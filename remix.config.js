/**
 * The Remix Vite plugin options. vite.config.ts imports this object and hands
 * it to `vitePlugin(...)`, so this file is the single place for Remix settings.
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
