/** `test.use(as('企业管理员'))`: the test's browser starts signed in as that demo user. */
import { storageStateFile, type DemoUser } from './sign-in';

export function as(label: DemoUser) {
  return { storageState: storageStateFile(process.env.E2E_STATES ?? '', label) };
}
