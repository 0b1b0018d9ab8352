/** Runs the history's timed actions in time order, its clock following them. */

interface Scheduled {
  at: number;
  order: number;
  run: (at: Date) => Promise<void>;
}

/**
 * Timed actions, run in time order (and in the order they were scheduled at one time); an action may add more, never
 * before the time that runs (time only goes forward).
 */
export class Schedule {
  private items: Scheduled[] = [];
  private added = 0;
  private current = -Infinity;

  constructor(private readonly end: number) {}

  /** `finish`: runs even a moment past the end (a task the worker started finishes its steps, seconds later). */
  add(when: number, run: (at: Date) => Promise<void>, finish = false): void {
    const at = Math.max(when, this.current);
    if (at > this.end && !finish) return; // Not yet happened at the start.
    const item = { at, order: this.added++, run };
    let index = this.items.length;
    while (index > 0 && (this.items[index - 1] as Scheduled).at > at) index--;
    this.items.splice(index, 0, item);
  }

  async run(setClock: (at: Date) => void): Promise<void> {
    for (let item = this.items.shift(); item; item = this.items.shift()) {
      const at = new Date(item.at);
      this.current = item.at;
      setClock(at);
      await item.run(at);
    }
  }
}
