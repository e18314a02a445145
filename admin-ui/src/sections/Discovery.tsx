import { createElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { CheckboxSetField, LocalizedTextField, TextField } from '../fields.js';
import { ListEditor } from '../list-editor.js';
import type { FaqEntry, Synonym, UseCase } from '../types.js';
import { NeedsEditor, useNeedOptions, type NeedWordsProps } from './Needs.js';

const wordsTitle = (fallback: string) => (entry: { words?: { de?: string; en?: string } }, index: number) =>
  /* translators: 1: kind of entry, e.g. Synonym; 2: its position */
  entry.words?.en || entry.words?.de || sprintf(__('%1$s %2$d', 'manufacturer-agent'), fallback, index + 1);

function questionTitle(entry: FaqEntry, index: number): string {
  /* translators: %d: position of the question in the list */
  return entry.question?.en || entry.question?.de || sprintf(__('Question %d', 'manufacturer-agent'), index + 1);
}

/** With a question's words from the Insights tab (`needWords`), the needs editor opens at its picker. */
export function DiscoverySection(props: NeedWordsProps = {}) {
  const needOptions = useNeedOptions();
  return (
    <div className="ma-section" data-section="discovery">
      <h2>{__('Discovery texts', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">
        {__('What llms.txt, llms-full.txt and the agent cards say about the service, and answers to common questions.', 'manufacturer-agent')}
      </p>
      <section className="ma-card" aria-labelledby="ma-discovery-llms">
        <h3 id="ma-discovery-llms">{__('llms.txt', 'manufacturer-agent')}</h3>
        <LocalizedTextField
          pointer="/discovery/summary"
          label={__('Summary', 'manufacturer-agent')}
          help={__('One paragraph: the quote at the top of llms.txt and the description of the agent cards.', 'manufacturer-agent')}
          multiline
        />
        <LocalizedTextField
          pointer="/discovery/details"
          label={__('Notes for agents', 'manufacturer-agent')}
          help={__('The section after the summary in llms.txt and llms-full.txt.', 'manufacturer-agent')}
          multiline
        />
      </section>
      <section className="ma-card" aria-labelledby="ma-discovery-faq">
        <h3 id="ma-discovery-faq">{__('Answers to common questions', 'manufacturer-agent')}</h3>
        <ListEditor<FaqEntry>
          list="/discovery/faq"
          legend={__('Questions the catalog and company facts do not already answer', 'manufacturer-agent')}
          itemTitle={questionTitle}
          renderItem={(pointer) => (
            <div>
              <TextField
                pointer={`${pointer}/id`}
                label={__('ID', 'manufacturer-agent')}
                help={__('Lower-case letters, digits and hyphens.', 'manufacturer-agent')}
              />
              <LocalizedTextField pointer={`${pointer}/question`} label={__('Question', 'manufacturer-agent')} />
              <LocalizedTextField pointer={`${pointer}/answer`} label={__('Answer', 'manufacturer-agent')} multiline />
            </div>
          )}
          newItem={(items) => {
            const ids = new Set(items.map((item) => item.id));
            let n = items.length + 1;
            while (ids.has(`question-${n}`)) n += 1;
            return { id: `question-${n}`, question: { de: '', en: '' }, answer: { de: '', en: '' } };
          }}
          addLabel={__('Add question', 'manufacturer-agent')}
        />
      </section>
      <section className="ma-card" aria-labelledby="ma-discovery-vocabulary">
        <h3 id="ma-discovery-vocabulary">{__("Customers' words", 'manufacturer-agent')}</h3>
        <p className="ma-section__intro">
          {__(
            'How customers ask the question endpoint. Words are comma-separated; spellings without umlauts and small typos are understood without listing them.',
            'manufacturer-agent',
          )}
        </p>
        <ListEditor<Synonym>
          list="/discovery/vocabulary/synonyms"
          legend={__('Synonyms: words read as another word', 'manufacturer-agent')}
          itemTitle={wordsTitle(__('Synonym', 'manufacturer-agent'))}
          renderItem={(pointer) => (
            <div>
              <LocalizedTextField pointer={`${pointer}/words`} label={__('Customers say', 'manufacturer-agent')} />
              <LocalizedTextField
                pointer={`${pointer}/means`}
                label={__('Read as', 'manufacturer-agent')}
                help={__('A word the catalog or a use case already knows.', 'manufacturer-agent')}
              />
            </div>
          )}
          newItem={() => ({ words: { de: '', en: '' }, means: { de: '', en: '' } })}
          addLabel={__('Add synonym', 'manufacturer-agent')}
        />
        <ListEditor<UseCase>
          list="/discovery/vocabulary/use_cases"
          legend={__('Use cases: everyday words and what a material must meet for them', 'manufacturer-agent')}
          itemTitle={wordsTitle(__('Use case', 'manufacturer-agent'))}
          renderItem={(pointer) => (
            <div>
              <LocalizedTextField pointer={`${pointer}/words`} label={__('Words', 'manufacturer-agent')} />
              <CheckboxSetField<string>
                pointer={`${pointer}/requires`}
                label={__('Requires', 'manufacturer-agent')}
                help={__('The needs below a material must meet.', 'manufacturer-agent')}
                options={needOptions}
              />
              <LocalizedTextField
                pointer={`${pointer}/mentions`}
                label={__('Applications mention', 'manufacturer-agent')}
                help={__("Comma-separated; a material's applications or summary must contain one of them. Leave both empty for none.", 'manufacturer-agent')}
              />
              <LocalizedTextField
                pointer={`${pointer}/reason`}
                label={__('Why (said when a material does not meet it)', 'manufacturer-agent')}
                optional
                multiline
              />
            </div>
          )}
          newItem={() => ({ words: { de: '', en: '' }, requires: [], mentions: { de: '', en: '' } })}
          addLabel={__('Add use case', 'manufacturer-agent')}
        />
        <LocalizedTextField
          pointer="/discovery/vocabulary/not_offered"
          label={__('Products we do not make', 'manufacturer-agent')}
          help={__(
            'Comma-separated (tiles, curtains, paint, …). A question whether we make, sell or supply one is told no and routed to an advisor; no material is offered in its place.',
            'manufacturer-agent',
          )}
          optional
          multiline
        />
        <NeedsEditor {...props} />
      </section>
    </div>
  );
}
