import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { evaluateInSteps, nextTask } from '../startupSteps';

// jsdom has no MessageChannel; Node's delivers its messages as tasks, like a browser's.
beforeAll(() => {
  Object.assign(globalThis, { MessageChannel: NodeMessageChannel });
});

describe('evaluateInSteps', () => {
  it('runs the steps one after the other, each once the previous one has finished', async () => {
    const log: string[] = [];
    let finishFirst!: () => void;
    const first = () =>
      new Promise<void>((resolve) => {
        log.push('first started');
        finishFirst = () => {
          log.push('first finished');
          resolve();
        };
      });
    const second = async () => {
      log.push('second started');
    };

    const done = evaluateInSteps([first, second]);
    await nextTask();
    await nextTask();
    expect(log).toEqual(['first started']);

    finishFirst();
    await done;
    expect(log).toEqual(['first started', 'first finished', 'second started']);
  });

  it('fails when a step fails (a chunk that did not load), without running the next', async () => {
    const next = jest.fn();
    await expect(
      evaluateInSteps([() => Promise.reject(new Error('Loading chunk react failed')), next]),
    ).rejects.toThrow('Loading chunk react failed');
    expect(next).not.toHaveBeenCalled();
  });
});

describe('nextTask', () => {
  it('resolves after the microtasks queued before it', async () => {
    const log: string[] = [];
    const waited = nextTask().then(() => log.push('next task'));
    void Promise.resolve().then(() => log.push('microtask'));
    await waited;
    expect(log).toEqual(['microtask', 'next task']);
  });
});
