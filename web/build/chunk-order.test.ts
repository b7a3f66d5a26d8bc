// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chunkRunOrder, chunksBeforeEntry } from './chunk-order.ts';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([file, imports]) => [file, { imports }]));

describe('chunkRunOrder', () => {
  it('lists every chunk after the chunks it imports, in the order of the imports, each once', () => {
    const chunks = graph({
      'index.js': ['runtime.js', 'react-dom.js', 'schemas.js'],
      'runtime.js': [],
      'react-dom.js': ['react.js', 'runtime.js'],
      'react.js': ['runtime.js'],
      'schemas.js': ['zod.js', 'react.js'],
      'zod.js': [],
    });
    expect(chunkRunOrder(chunks, 'index.js')).toEqual(['runtime.js', 'react.js', 'react-dom.js', 'zod.js', 'schemas.js']);
  });

  it('leaves out the chunk itself, also when a chunk it imports imports it back', () => {
    const chunks = graph({ 'index.js': ['a.js'], 'a.js': ['b.js', 'index.js'], 'b.js': ['a.js'] });
    expect(chunkRunOrder(chunks, 'index.js')).toEqual(['b.js', 'a.js']);
  });

  it('refuses a chunk the build did not write', () => {
    expect(() => chunkRunOrder(graph({ 'index.js': ['gone.js'] }), 'index.js')).toThrow(/gone\.js/);
  });
});

describe('chunksBeforeEntry', () => {
  it("runs a screen's own chunks before the entry, less those the entry ran and those that need the entry", () => {
    const chunks = graph({
      'index.js': ['runtime.js', 'react.js'],
      'runtime.js': [],
      'react.js': ['runtime.js'],
      'screen.js': ['index.js', 'react.js', 'forms.js', 'panel.js'],
      'forms.js': ['schemas.js', 'react.js'],
      'schemas.js': ['zod.js'],
      'zod.js': [],
      // The panel imports the entry's code: it runs after the entry, with the screen.
      'panel.js': ['hooks.js'],
      'hooks.js': ['index.js'],
    });
    const entryOrder = chunkRunOrder(chunks, 'index.js');
    expect(chunksBeforeEntry(chunks, 'screen.js', 'index.js', entryOrder)).toEqual(['zod.js', 'schemas.js', 'forms.js']);
  });

  it('runs the screen itself last when it needs nothing of the entry', () => {
    const chunks = graph({
      'index.js': ['runtime.js'],
      'runtime.js': [],
      'app.js': ['runtime.js'],
      'screen.js': ['app.js', 'forms.js'],
      'forms.js': ['runtime.js'],
    });
    expect(chunksBeforeEntry(chunks, 'screen.js', 'index.js', chunkRunOrder(chunks, 'index.js'))).toEqual([
      'app.js',
      'forms.js',
      'screen.js',
    ]);
  });
});
