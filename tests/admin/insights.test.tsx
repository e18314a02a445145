// @vitest-environment jsdom
// The Insights tab against the stand-in of the admin REST API: the questions the data could not answer
// first, with their actions; each chart's table view; the period; the recording settings; the CSV.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from '@wordpress/element';
import { App } from '../../admin-ui/src/App.js';
import { dailySeries, periodDays, rate, toCsv } from '../../admin-ui/src/insights-data.js';
import { FakeServer } from './fake-server.js';
import { field } from './dom.js';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer().install();
});
afterEach(() => cleanup());

async function openInsights() {
  render(<App />);
  await screen.findByRole('table', { name: 'Materials in the catalog' });
  fireEvent.click(screen.getByRole('tab', { name: 'Insights' }));
  return screen.findByRole('table', { name: 'Questions your data could not answer' });
}

describe('Insights tab', () => {
  it('lists the questions the data could not answer first, each with its count', async () => {
    const table = await openInsights();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.indexOf('Questions your data could not answer')).toBeLessThan(headings.indexOf('Requests per day by channel'));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Was kostet Vinyl auf Vlies pro Quadratmeter?', 'Do you ship to Norway?']);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toBe('7');
  });

  it('marks a question as not relevant', async () => {
    const table = await openInsights();
    fireEvent.click(within(table).getAllByRole('button', { name: 'Not relevant' })[0]!);
    await waitFor(() => expect(server.insights.unanswered[0]!.dismissed).toBe(true));
    const put = server.puts().find((c) => c.route.startsWith('/insights/questions/'))!;
    expect(put.route).toBe(`/insights/questions/${server.insights.unanswered[0]!.text_key}/dismissed`);
    expect(put.data).toEqual({ dismissed: true });
    expect(await within(table).findByRole('button', { name: 'Mark as relevant' })).toBeTruthy();
  });

  it("opens the customers' words with the question's words filled in", async () => {
    const table = await openInsights();
    fireEvent.click(within(table).getAllByRole('button', { name: "Add to customers' words" })[1]!);
    // The Discovery tab, a new synonym whose English words are the question.
    // (Its tab counts the new entry's fields still to fill in: what the words mean.)
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Discovery texts/));
    const inputs = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs.some((input) => input.value === 'Do you ship to Norway?')).toBe(true);
  });

  // Rendering the Discovery section with its needs takes 17 s in jsdom on a loaded 2-core machine.
  it("opens the needs editor with the question's words, which join the words of the need staff pick", { timeout: 90_000 }, async () => {
    const table = await openInsights();
    const needs = server.config.discovery.vocabulary!.needs!;
    // The German question: its words go to the German words of the need.
    fireEvent.click(within(table).getAllByRole('button', { name: "Add to a need's words" })[0]!);
    const picker = await screen.findByRole('group', { name: 'Words from a question (German)' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Discovery texts/);
    expect(within(picker).getByText('Was kostet Vinyl auf Vlies pro Quadratmeter?')).toBeTruthy();
    const select = within(picker).getByRole('combobox', { name: 'Add them to the words of' }) as HTMLSelectElement;
    expect(document.activeElement).toBe(select);
    expect([...select.options].map((o) => o.textContent)).toEqual(['— choose a need —', ...needs.map((n) => n.label.en)]);
    const add = within(picker).getByRole('button', { name: 'Add the words' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(add);
    // The need's panel opens at its German words, the question's words at their end; nothing saved yet.
    await waitFor(() => expect(document.activeElement).toBe(field('/discovery/vocabulary/needs/1/words/de')));
    expect(field('/discovery/vocabulary/needs/1/words/de').value).toBe(`${needs[1].words.de}, Was kostet Vinyl auf Vlies pro Quadratmeter?`);
    expect(field('/discovery/vocabulary/needs/1/words/en').value).toBe(needs[1].words.en);
    expect(screen.queryByRole('group', { name: 'Words from a question (German)' })).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(server.puts().filter((c) => c.route === '/config')).toEqual([]);
  });

  it('shows each chart as a table with every figure, and asks for another period', async () => {
    await openInsights();
    const channels = screen.getByRole('region', { name: 'Requests per day by channel' });
    fireEvent.click(within(channels).getByRole('button', { name: 'Show table' }));
    const table = within(channels).getByRole('table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(header).toEqual(['Day', 'REST GET /materials', 'Questions (ask)', 'Document /llms.txt']);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const funnel = screen.getByRole('region', { name: 'Handoffs: created → opened → submitted' });
    fireEvent.click(within(funnel).getByRole('button', { name: 'Show table' }));
    expect(within(funnel).getAllByRole('row')[1]!.textContent).toContain('60 %');
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '90' } });
    await waitFor(() =>
      expect(
        server.calls
          .filter((c) => c.route === '/insights')
          .at(-1)!
          .query.get('days'),
      ).toBe('90'),
    );
  });

  it('saves the recording settings', async () => {
    await openInsights();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Record requests and questions' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Keep questions for (days)' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save recording settings' }));
    await waitFor(() => expect(server.insights.settings).toEqual({ recording: false, question_retention_days: 0 }));
  });
});

describe('insights figures', () => {
  it('daily series by dimension, the largest first, the rest added up', () => {
    const days = periodDays('2026-11-24', '2026-11-26');
    expect(days).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    const rows = ['a', 'b', 'c'].flatMap((family, i) => [{ date: '2026-11-25', channel: 'x', family, outcome: '2xx', count: 3 - i }]);
    expect(dailySeries(rows, days, 'family', 2, 'rest')).toEqual([
      { key: 'a', counts: [0, 3, 0], total: 3 },
      { key: 'rest', counts: [0, 3, 0], total: 3 },
    ]);
    expect(rate(1, 3)).toBe(33);
    expect(rate(1, 0)).toBeNull();
  });

  it('CSV quotes what needs it and defuses formulas', () => {
    expect(
      toCsv(
        ['q', 'n'],
        [
          ['Hallo, "Welt"', 2],
          ['=HYPERLINK("x")', null],
        ],
      ),
    ).toBe('q,n\r\n"Hallo, ""Welt""",2\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});
