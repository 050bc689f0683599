import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, overlaps, slotIn } from './placement';

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

  it('moves to the other edge when the toast would cover an anchor at its own, wherever it is drawn now', () => {
    document.body.innerHTML = '<button id="save">Save Reading</button>';
    const save = document.getElementById('save') as HTMLButtonElement;
    save.getBoundingClientRect = () => box(700, 400, 44, 200);
    const area = box(72, 0, 700, 1280);
    const at = (top: number): DOMRect => box(top, 420, 90, 440);
    // Drawn at the bottom, over Save: top.
    expect(slotIn(area, at(682), [save], [])).toEqual({ placement: 'top', offset: 0 });
    // Drawn at the top already: the bottom slot is still over Save, so it stays up.
    expect(slotIn(area, at(72), [save], []).placement).toBe('top');
    // Save scrolled away: back to the bottom, from either place.
    save.getBoundingClientRect = () => box(300, 400, 44, 200);
    expect(slotIn(area, at(72), [save], []).placement).toBe('bottom');
    expect(slotIn(area, at(682), [save], []).placement).toBe('bottom');
    // A wide screen's edge is the top; Save under the top slot sends it down.
    expect(slotIn(area, at(682), [save], [], 'top').placement).toBe('top');
    save.getBoundingClientRect = () => box(100, 400, 44, 200);
    expect(slotIn(area, at(72), [save], [], 'top').placement).toBe('bottom');
  });

  it("sits below the page's title and actions in view, never on them (issue 36)", () => {
    const area = box(72, 0, 700, 1280);
    const toast = box(72, 820, 90, 440);
    // The page header (h1 left, buttons right) from 100 to 180: the toast starts below it.
    const header = box(100, 280, 80, 1000);
    expect(slotIn(area, toast, [], [header], 'top')).toEqual({ placement: 'top', offset: 180 + 8 - 72 });
    // Scrolled half away: it follows it up; scrolled away entirely: under the app header.
    expect(slotIn(area, toast, [], [box(20, 280, 80, 1000)], 'top')).toEqual({ placement: 'top', offset: 100 + 8 - 72 });
    expect(slotIn(area, toast, [], [box(-100, 280, 80, 1000)], 'top')).toEqual({ placement: 'top', offset: 0 });
    // A title in another column (a narrow h1 on the left) leaves the right column's top free.
    expect(slotIn(area, toast, [], [box(100, 280, 40, 300)], 'top')).toEqual({ placement: 'top', offset: 0 });
    // A page header so tall the toast no longer fits under it: the bottom.
    expect(slotIn(area, toast, [], [box(80, 280, 650, 1000)], 'top').placement).toBe('bottom');
    // On a phone with the title scrolled to the bottom of the screen: the top, clear of it.
    const phone = box(72, 0, 660, 375);
    const phoneToast = box(600, 12, 80, 351);
    expect(slotIn(phone, phoneToast, [], [box(650, 16, 40, 343)]).placement).toBe('top');
    expect(slotIn(phone, phoneToast, [], [box(80, 16, 40, 343)])).toEqual({ placement: 'bottom', offset: 0 });
  });

  it('on a phone, off the control at the bottom, it goes up below the title, not on it', () => {
    document.body.innerHTML = '<button id="b">Save Reading</button>';
    const button = document.getElementById('b') as HTMLButtonElement;
    button.getBoundingClientRect = () => box(650, 16, 44, 343);
    const area = box(72, 0, 660, 375);
    const toast = box(652, 12, 80, 351);
    expect(slotIn(area, toast, [button], [box(80, 16, 120, 343)])).toEqual({ placement: 'top', offset: 200 + 8 - 72 });
    // The title so tall nothing fits between it and the button: the bottom, over the button
    // rather than over the title.
    expect(slotIn(area, toast, [button], [box(80, 16, 520, 343)]).placement).toBe('bottom');
  });
});
