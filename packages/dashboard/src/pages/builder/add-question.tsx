import { PAGE_LIMITS, QUESTION_TYPES, type QuestionType } from '@hearback/forms';
import { useState } from 'react';
import { Button } from '../../ui/button.js';
import { SelectField } from '../../ui/select.js';
import { QUESTION_TYPE_LABELS } from './question-type-labels.js';

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({ id: type, label: QUESTION_TYPE_LABELS[type] }));

/** Adds a question of any of the 16 types at the end of the page. */
export function AddQuestion({ count, onAdd }: { count: number; onAdd: (type: QuestionType) => void }) {
  const [type, setType] = useState<QuestionType>('star_rating');
  const full = count >= PAGE_LIMITS.questions;
  return (
    <div className="add-question">
      <SelectField
        label="New question type"
        options={TYPE_OPTIONS}
        value={type}
        onChange={(id) => setType(id as QuestionType)}
      />
      <Button onClick={() => onAdd(type)} disabled={full}>
        Add question
      </Button>
      {full && <p className="muted">A page holds at most {PAGE_LIMITS.questions} questions.</p>}
    </div>
  );
}
