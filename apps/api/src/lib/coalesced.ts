/**
 * One run of `work` at a time, none missed: a call while it runs shares that run and has it
 * go round once more when done (what the call asked for may have come after the run read it).
 * `goOn` may end the rounds early (a stopping owner). `current` is the run under way, if any.
 */
export function coalesced(work: () => Promise<void>, goOn: () => boolean = () => true) {
  let running: Promise<void> | undefined;
  let again = false;
  return {
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await work();
          } while (again && goOn());
        } finally {
          running = undefined;
        }
      })();
      return running;
    },
    get current(): Promise<void> | undefined {
      return running;
    },
  };
}
