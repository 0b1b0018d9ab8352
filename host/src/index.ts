// The async boundary Module Federation needs before any shared module is used.
//
// The start-up's largest library (React DOM) is evaluated first, in a task of its own, so a phone's main thread is
// free between it and the rest (docs/architecture.md, "One fast first load"); their files are already loading (the HTML preloads
// them). The chunk is named so that the HTML can preload it (@app/build-config, hostSplitChunks).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await import('react-dom/client');
  await nextTask();
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void start();
