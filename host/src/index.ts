// The async boundary Module Federation needs before any shared module is used.
//
// The start-up's largest parts (React DOM, the router with the layout) are each evaluated in a task of their own, so
// that no single task holds a phone's main thread for long (docs/architecture.md, "One fast first load": short tasks).
// Their files are already loading (the HTML preloads them: @app/build-config, hostSplitChunks).
import { nextTask } from './next-task';
import { numberFirstHistoryEntry } from './router/history-entry';

async function start() {
  // The page's remote first: its routes and page module load while the host's libraries do (startup-registry.ts).
  // A file that fails to load here is the bootstrap's to show (it imports the same module and fails the same way).
  import('./remotes/startup-registry').then(({ startupRegistry }) => startupRegistry()).catch(() => undefined);
  // The federation runtime has just started in this task (registering the shared modules); sharing React DOM out is
  // work of the next.
  await nextTask();
  numberFirstHistoryEntry();
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./router/create-app-router');
  await nextTask();
  await import('./bootstrap');
}

void start();
