import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,mock,suites,reporters,test,scripts}/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
