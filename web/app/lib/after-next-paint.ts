// chunk: shell

/**
 * Runs `task` in a task of its own after the browser's next paint: a frame callback runs before the
 * paint, a timeout set from it after. So the frame that answers a tap is painted first, and what can
 * wait (moving focus, loading code, starting a carousel) does not make it late. Where there are no
 * frames (Node, the unit tests), in the next task. Returns a cancel, for an effect's cleanup.
 */
export function afterNextPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
