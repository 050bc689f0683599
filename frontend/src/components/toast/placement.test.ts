import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, overlaps, placementIn } from './placement';

afterEach(() => {
  document.body.innerHTML = '';
});

const box = (top: number, left: number, height: number, width: number): DOMRect =>
  ({ top, left, bottom: top + height, right: left + width, height, width, x: left, y: top }) as DOMRect;

describe('toast placement', () => {
  it('overlaps counts a small gap as overlap, and separate boxes as clear', () => {
    expect(overlaps(box(0, 0, 10, 10), box(5, 5, 10, 10))).toBe(true);
    expect(overlaps(box(0, 0, 10, 10), box(14, 0, 10, 10))).toBe(true);
    expect(overlaps(box(0, 0, 10, 10), box(40, 0, 10, 10))).toBe(false);
  });

  it('anchors are the pressed control and the submit buttons of its form', () => {
    document.body.innerHTML = `<form><input id="f" /><span><button id="s" type="submit"><span id="icon">x</span></button></span>
      <button id="b" type="button">Other</button></form><button id="out">Out</button>`;
    const anchors = anchorsOf([document.getElementById('icon'), document.getElementById('f'), document.body]);
    expect(anchors.map((a) => a.id).sort()).toEqual(['f', 's']);
    expect(anchorsOf([document.body, null])).toEqual([]);
  });

  it('moves to the top when the toast would cover an anchor at the bottom, wherever it is drawn now', () => {
    document.body.innerHTML = '<button id="save">Save Reading</button>';
    const save = document.getElementById('save') as HTMLButtonElement;
    save.getBoundingClientRect = () => box(700, 400, 44, 200);
    const area = box(72, 0, 700, 1280);
    // Drawn at the bottom, over Save: top.
    expect(placementIn(area, box(682, 420, 90, 440), [save])).toBe('top');
    // Drawn at the top already: the bottom slot is still over Save, so it stays up.
    expect(placementIn(area, box(72, 420, 90, 440), [save])).toBe('top');
    // Save scrolled away: back to the bottom, from either place.
    save.getBoundingClientRect = () => box(300, 400, 44, 200);
    expect(placementIn(area, box(72, 420, 90, 440), [save])).toBe('bottom');
    expect(placementIn(area, box(682, 420, 90, 440), [save])).toBe('bottom');
  });
});
