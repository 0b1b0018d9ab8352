/**
 * Text files of releases read once: a release's files never change. A read that fails is tried again next time (a
 * failed read may pass), and answers null meanwhile.
 */
import { readFile } from 'node:fs/promises';

export class ReleaseTexts {
  private readonly texts = new Map<string, Promise<string | null>>();

  read(file: string): Promise<string | null> {
    let text = this.texts.get(file);
    if (!text) {
      text = readFile(file, 'utf8').catch(() => {
        this.texts.delete(file);
        return null;
      });
      this.texts.set(file, text);
    }
    return text;
  }
}
