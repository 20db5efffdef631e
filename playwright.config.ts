import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3107);

// Debian's Chromium, never a downloaded browser (no network here or in CI).
const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  reporter: [["list"]],
  use: { ...chromium, baseURL: `http://127.0.0.1:${port}`, trace: "off" },
  projects: [
    // Emails rendered from blueprints and opened with page.setContent: no server needed.
    { name: "email", testMatch: /email\/.*\.spec\.ts/ },
    { name: "app", testMatch: /app\/.*\.spec\.ts/ },
  ],
  webServer: process.env.KINETIC_E2E_NO_SERVER
    ? undefined
    : {
        command: `bash e2e/serve.sh ${port}`,
        url: `http://127.0.0.1:${port}/healthz`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: "pipe",
      },
});
