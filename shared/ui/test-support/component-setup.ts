// The setup of every component test (each project's `setupFiles`: @app/ui, @app/widgets, @app/host-sdk, the host and
// every remote through @app/build-config/test-config).
import { configure } from '@testing-library/react';
import { reduceMotion } from 'antd-mobile';

// Component tests wait for what a page shows (findBy…, waitFor) up to 20 s: testing-library's 1 s default is missed
// on a loaded 2-core machine (two test workers, or another test run beside this one). A passing test never waits longer.
configure({ asyncUtilTimeout: 20_000 });

// antd-mobile's popups, masks and toasts take their end state at once (react-spring's skipAnimation): the tests check
// what is shown, not the frames between, which were a fifth of a page test's CPU. The browser tests run the motion.
reduceMotion();
