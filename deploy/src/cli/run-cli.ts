/** Runs a CLI's main, printing a ReleaseError as a plain message (no stack) and exiting 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message =
      error instanceof Error ? (error.name === 'ReleaseError' ? error.message : (error.stack ?? error.message)) : String(error);
    console.error(message);
    process.exitCode = 1;
  });
}
