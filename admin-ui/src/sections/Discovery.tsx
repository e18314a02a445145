import { createElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { LocalizedTextField, TextField } from '../fields.js';
import { ListEditor } from '../list-editor.js';
import type { FaqEntry } from '../types.js';

function questionTitle(entry: FaqEntry, index: number): string {
  /* translators: %d: position of the question in the list */
  return entry.question?.en || entry.question?.de || sprintf(__('Question %d', 'manufacturer-agent'), index + 1);
}

export function DiscoverySection() {
  return (
    <div className="ma-section" data-section="discovery">
      <h2>{__('Discovery texts', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">{__('What llms.txt, llms-full.txt and the agent cards say about the service, and answers to common questions.', 'manufacturer-agent')}</p>
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
              <TextField pointer={`${pointer}/id`} label={__('ID', 'manufacturer-agent')} help={__('Lower-case letters, digits and hyphens.', 'manufacturer-agent')} />
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
    </div>
  );
}
