"""Rules the course states with a condition, listed once (issue 42: every condition said where the
claim is made).

A rule such as "the micro-F1 is the accuracy" is true only under a condition (every case has one
label and every class is counted). Where the course teaches such a rule, the lesson's prose says the
condition; a quiz feedback, a glossary entry, a Confira note or a practice text that repeats the rule
is read on its own, away from that paragraph, so it must carry the condition too.
``tests/test_conditions.py`` finds every statement of each rule (``statement``) in those copies and
asks for its condition (``condition``) in the same text (a quiz option and its feedback, a feedback,
a glossary entry, a note); in the lessons and labs, at least one paragraph must state the rule with
its condition (the place that teaches it).

Both patterns are regular expressions, matched case-insensitively on the text as the source writes
it (inline code and TeX included: ``labels=[1, 0]``, ``c_{FP}``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    name: str
    statement: str          # finds the rule being stated
    condition: str          # the condition that makes it true
    why: str                # the condition in one sentence, for the failure message
    example: str            # a sentence stating the rule without its condition, as a page once did

    def states(self, text: str) -> bool:
        """The rule stated in ``text``: in a sentence that asserts, not in a question ("o ROC AUC
        cai, sobe ou fica?" asks the student to predict)."""
        asserted = ' '.join(s for s in re.split(r'(?<=[.!?;:])\s+', text) if not s.rstrip().endswith('?'))
        return re.search(self.statement, asserted, re.I | re.S) is not None

    def conditioned(self, text: str) -> bool:
        return re.search(self.condition, text, re.I | re.S) is not None


RULES = [
    Rule('micro-F1 é a acurácia',
         r'micro[- ]?F1\b[^.;]{0,60}\b(é|fica igual (à|aos)|igual à|é sempre igual à) (a )?acurácia|'
         r'micro[- ]?F1, que é a acurácia|a micro \S* ?é a acurácia',
         r'rótulo único|únicos? rótulo|um rótulo por caso|cada caso (tem|recebe) (um|uma) (só )?(rótulo|classe)|todas as classes',
         'the micro-F1 equals the accuracy only when every case has a single label and every class is counted',
         'O micro-F1 é a acurácia.'),
    Rule('R² como fração explicada',
         r'fração da variação[^.;]{0,60}explica|variação[^.;]{0,30}que o modelo explica|'
         r'explica[^.;]{0,30}(fração|parte) da variação',
         r'no treino|nos dados em que (ele )?foi ajustad|dentro da amostra|mínimos quadrados',
         'R² splits the variation into an explained share only in-sample, for least squares with an intercept',
         'O R² é a fração da variação que o modelo explica.'),
    Rule('AP como múltiplo do acaso',
         r'(precisão média|\bAP\b)[^.;]{0,120}\bvezes\b[^.;]{0,40}(acaso|prevalência)|'
         r'vezes melhor que o acaso',
         r'teto|1/π|no máximo|\\frac\{1\}\{\\pi\}|máximo',
         "the AP over the prevalence has a ceiling of 1/π, which moves with the prevalence",
         'Uma AP de 0,6 com prevalência de 10 % é 6 vezes melhor que o acaso.'),
    Rule('acurácia como custo por caso',
         r'1\s*[−-]\s*acurácia[^.;]{0,40}custo|acurácia[^.;]{0,40}custo médio por caso',
         r'(um|o mesmo) preço|custos? iguais|mesmo custo|taxa de erro',
         'one minus the accuracy is the cost per case only when both errors have the same price',
         'Então 1 − acurácia é o custo médio por caso.'),
    Rule('AUC não muda com a prevalência',
         r'(ROC )?AUC[^.;]{0,40}(não se mexe|fica|não muda|continua)[^.;]{0,60}prevalência|'
         r'prevalência[^.;]{0,80}(ROC )?AUC[^.;]{0,30}(não se mexe|fica\b|não muda)',
         r'mesm[oa]s? (classificador|modelo|distribuiç\w+|escores)|só a prevalência|'
         r'distribuiç\w+ (dos|de) escores',
         "the ROC AUC stays when only the prevalence changes and each class's scores keep their distribution",
         'Quando a prevalência cai, o ROC AUC não muda.'),
    Rule('ConfusionMatrixDisplay desenha o mesmo',
         r'ConfusionMatrixDisplay[^.;]{0,120}(mesmo desenho|mesma matriz)',
         r'labels\s*=\s*\[1,\s*0\]',
         'scikit-learn puts class 0 first unless labels=[1, 0] is given',
         'O ConfusionMatrixDisplay faz o mesmo desenho com as previsões.'),
    Rule('calibrada no agregado',
         r'calibrad\w* no agregado',
         r'no treino|intercepto|nos dados do ajuste',
         "a logistic fit's mean score equals the prevalence on its training data, by its intercept's equation",
         'A regressão logística sai calibrada no agregado.'),
]
