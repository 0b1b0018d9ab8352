// Component tests wait for what a page shows (findBy…, waitFor) up to 20 s: testing-library's 1 s default is missed
// on a loaded 2-core machine (two test workers, or another test run beside this one). A passing test never waits longer.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });
