// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { StarRating } from '../../src/features/class-reports/star-rating.tsx';
import { host, mountPerTest, render } from './render-root.tsx';

mountPerTest();

describe('read-only rating', () => {
  it('the read-only rating reads out of 5', () => {
    render(<StarRating value={4.5} />);
    expect(host.textContent).toContain('4.5/5');
    expect(host.querySelector('[aria-label="Rating 4.5 out of 5"]')).not.toBeNull();
  });
});
