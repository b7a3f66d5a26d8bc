import { describe, expect, it } from 'vitest';
import { addElement, createElement, createEmptyStage, patchElement, updateElement } from '@club/stage-engine/model';
import { HISTORY_LIMIT, commit, redo, startHistory, undo } from './stage-history.ts';

const empty = createEmptyStage();
const withOne = addElement(empty, createElement('popper', { newId: () => 'p' }));
const moved = (x: number) => updateElement(withOne, 'p', (element) => patchElement(element, { positionX: x }));

describe('stage history', () => {
  it('undoes and redoes changes in order', () => {
    let history = commit(startHistory(empty), withOne);
    history = commit(history, moved(100));
    expect(history.present.elements[0].positionX).toBe(100);
    history = undo(history);
    expect(history.present).toBe(withOne);
    history = undo(history);
    expect(history.present).toBe(empty);
    expect(undo(history)).toBe(history);
    history = redo(redo(history));
    expect(history.present.elements[0].positionX).toBe(100);
    expect(redo(history)).toBe(history);
  });

  it('drops the redo branch on a new change', () => {
    let history = commit(commit(startHistory(empty), withOne), moved(100));
    history = commit(undo(history), moved(200));
    expect(history.future).toHaveLength(0);
    expect(redo(history).present.elements[0].positionX).toBe(200);
  });

  it('merges edits with the same key into one step, but not edits with different keys', () => {
    let history = commit(startHistory(empty), withOne);
    history = commit(history, moved(10), 'p:positionX');
    history = commit(history, moved(100), 'p:positionX');
    history = commit(history, moved(1000), 'p:positionX');
    expect(history.past).toHaveLength(2);
    expect(undo(history).present).toBe(withOne);
    history = commit(history, moved(50), 'p:positionY');
    expect(history.past).toHaveLength(3);
    // After an undo the same key starts a new step.
    history = commit(undo(history), moved(70), 'p:positionY');
    expect(history.past).toHaveLength(3);
  });

  it('ignores an unchanged stage and keeps at most the limit of steps', () => {
    const history = startHistory(empty);
    expect(commit(history, empty)).toBe(history);
    let long = history;
    for (let index = 0; index < HISTORY_LIMIT + 20; index += 1) long = commit(long, moved(index * 10));
    expect(long.past).toHaveLength(HISTORY_LIMIT);
  });
});
