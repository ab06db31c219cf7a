import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,mock,suites,reporters,test,scripts}/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // test/helpers/drip-servers.ts forces collections: the lost deadline of issue 20 needed one.
    execArgv: ['--expose-gc'],
    globalSetup: ['test/global-setup.ts'],
  },
});
