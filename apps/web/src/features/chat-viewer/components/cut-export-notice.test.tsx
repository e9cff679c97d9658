import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CutExportNotice } from './cut-export-notice';

describe('CutExportNotice', () => {
  it('tells that older messages are probably missing when the export is at WhatsApp’s cap', () => {
    render(
      <CutExportNotice
        counts={{ messages: 9_990, systemNotices: 10, likelyCut: true }}
        lines={10_000}
        withMedia
      />,
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Older messages are probably missing.');
    expect(note.textContent).toContain('This export holds 10,000 lines');
    expect(note.textContent).toContain('at most about 10,000 messages when media is included');
  });

  it('says nothing for a chat that is complete or still arriving', () => {
    const { container } = render(
      <>
        <CutExportNotice
          counts={{ messages: 39_999, systemNotices: 1, likelyCut: false }}
          lines={40_000}
          withMedia={false}
        />
        <CutExportNotice counts={null} lines={40_000} withMedia={false} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
