import { expect, test, vi } from 'vitest';
import { focusNewContent } from './focus-new-content';

test('new content has the focus at once and is scrolled into view only after a frame is drawn', async () => {
  const heading = document.createElement('h3');
  heading.tabIndex = -1;
  document.body.append(heading);
  const scrolled = vi.spyOn(heading, 'scrollIntoView').mockImplementation(() => {});
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });

  focusNewContent(heading);
  expect(document.activeElement).toBe(heading);
  expect(scrolled).not.toHaveBeenCalled();
  frames.shift()!(0);
  expect(scrolled).not.toHaveBeenCalled();
  frames.shift()!(16);
  expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
  vi.restoreAllMocks();
  heading.remove();
});
