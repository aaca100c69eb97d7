import { useEffect, useRef, useState } from 'react';
import type { LogEvent } from '../../../contract/events';
import type { RunDetail, RunLog as RunLogChunk } from '../../../contract/runs';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { readEventStream } from '../../lib/sse';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';

/** How often the log is read while the run goes and its stream cannot be had. */
const POLL_MS = 2000;
/** The most of a log the page keeps: its end, where a going run writes. */
const KEPT_CHARACTERS = 200_000;

/**
 * The run's log text. While the run goes, its new lines arrive over the log stream as they are
 * written (and the stream says when the run has ended); should the stream fail, or go silent
 * past two of its heartbeats, the log is read from where it stopped every 2 s instead, and on each
 * change the run stream pushes (`changed`).
 * Each chunk read moves the offset on, which reads the next at once, until the log has no more.
 * A failure to read is kept, with a retry that reads again and starts the stream again.
 */
function useRunLog(runId: number, live: boolean, changed: unknown, onAppend: () => void) {
  const [text, setText] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [streamAttempt, setStreamAttempt] = useState(0);
  const [pollTick, setPollTick] = useState(0);
  const offset = useRef(0);
  const append = (chunk: string) => {
    setText((previous) => (previous + chunk).slice(-KEPT_CHARACTERS));
    onAppend();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: streamAttempt is the trigger of a retry
  useEffect(() => {
    if (!live) return;
    const abort = new AbortController();
    setStreaming(true);
    readEventStream(
      `runs/${runId}/log/stream?offset=${offset.current}`,
      (data) => {
        const event = data as LogEvent;
        if (event.type !== 'log') return;
        offset.current = event.nextOffset;
        append(event.text);
      },
      abort.signal,
    ).then(
      () => setStreaming(false),
      () => !abort.signal.aborted && setStreaming(false),
    );
    return () => abort.abort();
  }, [runId, live, streamAttempt]);

  useEffect(() => {
    if (!live || streaming) return;
    const timer = setInterval(() => setPollTick((value) => value + 1), POLL_MS);
    return () => clearInterval(timer);
  }, [live, streaming]);
  const chunk = useRequest<RunLogChunk>(streaming ? null : `runs/${runId}/log?offset=${offset.current}`, `${pollTick}/${String(changed)}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is the trigger; append only adds it
  useEffect(() => {
    if (!chunk.data?.text) return;
    offset.current = chunk.data.nextOffset;
    append(chunk.data.text);
  }, [chunk.data]);

  const retry = () => {
    chunk.reload();
    setStreamAttempt((value) => value + 1);
  };
  // Said, not swallowed: a log that cannot be read is not an empty log. A live log tries again.
  return { text, failure: chunk.error, retry };
}

/** The whole log, read chunk by chunk, saved as a file. */
async function downloadLog(run: RunDetail) {
  let text = '';
  let offset = 0;
  for (;;) {
    const chunk = await request<RunLogChunk>(`runs/${run.id}/log?offset=${offset}`);
    text += chunk.text;
    if (!chunk.text || chunk.nextOffset >= chunk.size) break;
    offset = chunk.nextOffset;
  }
  saveBlob(new Blob([text], { type: 'text/plain' }), `${run.name}.log`);
}

/** The log's box: on a phone the lines wrap (scrolled sideways, a line showed its time and a word or two). */
const LOG_BOX = 'max-h-80 overflow-auto rounded-lg bg-stone-900 p-4 font-mono text-xs leading-relaxed text-stone-100 max-sm:whitespace-pre-wrap max-sm:wrap-anywhere';

/** The run's log, kept scrolled to its end as lines arrive. */
function LogText({ runId, live, changed }: { runId: number; live: boolean; changed: unknown }) {
  const box = useRef<HTMLPreElement>(null);
  const scrollToEnd = () =>
    requestAnimationFrame(() => {
      if (box.current) box.current.scrollTop = box.current.scrollHeight;
    });
  const { text, failure, retry } = useRunLog(runId, live, changed, scrollToEnd);
  if (failure && !text) return <LoadError what="the run’s log" error={failure} onRetry={retry} />;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must take focus so that keyboard users can scroll it
    <pre ref={box} className={LOG_BOX} role="log" aria-label="Run log" tabIndex={0}>
      {text || 'No log output yet.'}
    </pre>
  );
}

/** The Logs tab: the log, live while the run goes, and the whole of it to download. */
export function RunLogCard({ run, ended, changed }: { run: RunDetail; ended: boolean; changed: unknown }) {
  return (
    <Card
      title="Log"
      description={ended ? 'The whole log of the run' : 'Live: new lines appear as the run writes them'}
      actions={
        <Button size="sm" onClick={() => void downloadLog(run).catch((failure) => notify.error(failure))}>
          Download log
        </Button>
      }
    >
      <LogText runId={run.id} live={!ended} changed={changed} />
    </Card>
  );
}
