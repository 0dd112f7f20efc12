import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('picks B, KB, MB or GB and shows one decimal', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1.0 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120.0 GB');
  });
});
