"""What the labs' "Confira" notes (course/confira_texts/<lab>.yml) state as facts of the lab's own
run, as code: one cell per lab, appended to the notebook when ``tests/test_notebooks.py`` runs it,
so it reads the lab's variables in the same kernel. Each ``assert`` quotes the note it checks;
if a change of data, library or code makes a note false, the run fails with those words.
"""

TRIAGEM = r'''
from sklearn.metrics import f1_score as _f1, fbeta_score as _fb, log_loss as _ll, brier_score_loss as _bs
assert 1 / 3 < y.mean() < 0.5, 'passo 1: "pouco mais de um terço das mulheres tem diabetes"'
_miss = X.isna().any(axis=1)
assert 0.4 < _miss.mean() < 0.5, 'passo 2: "quase metade das mulheres tem alguma medida faltando"'
assert X.loc[_miss, 'insu'].isna().mean() > 0.9, 'passo 2: "quase sempre a insulina"'
assert all(abs(len(part) / len(y) - share) < 0.01 for part, share in [(y_train, 0.6), (y_val, 0.2), (y_test, 0.2)]), \
    'passo 3: "60/20/20"'
assert 1.5 < 100 / y_val.sum() < 2, 'passo 3: uma mulher vale "quase 2 pontos" de revocação'
_fn_lr, _fn_knn = (y_val == 1) & (pred_lr == 0), (y_val == 1) & (pred_knn == 0)
_fp_lr, _fp_knn = (y_val == 0) & (pred_lr == 1), (y_val == 0) & (pred_knn == 1)
assert _fn_knn.sum() < _fn_lr.sum() and _fp_knn.sum() > _fp_lr.sum(), \
    'passo 4: "o k-NN manda menos mulheres com diabetes para casa e paga com falsos positivos"'
assert abs(_fn_knn.sum() - _fn_lr.sum()) <= 5 and abs(_fp_knn.sum() - _fp_lr.sum()) <= 5, \
    'passo 4: "nos dois cantos, a diferença é de poucas mulheres"'
assert (_fn_lr & _fn_knn).sum() > max(_fn_lr.sum(), _fn_knn.sum()) / 2, \
    'passo 4: "a maioria dos falsos negativos de um modelo também é do outro"'
assert round(10 * recall_score(y_val, pred_lr)) == 6, 'passo 5: "encontra umas 6 e manda umas 4 para casa"'
assert recall_score(y_val, pred_lr, pos_label=0) > 0.85, 'passo 5: as sem diabetes "são quase todas acertadas"'
assert ((escaped >= 0.4) & (escaped < 0.5)).sum() < len(escaped) / 4 and escaped.mean() < 0.35, \
    'simulação 1: "só uma pequena parte ... entre 0,4 e 0,5, e o escore médio deles fica bem abaixo de 0,5"'
_lead = board.loc['k-NN'] > board.loc['logistic']
assert _lead.sum() == 6 and not _lead['specificity'], 'passo 7: "à frente em seis das sete colunas"'
assert round((board.loc['k-NN', 'recall'] - board.loc['logistic', 'recall']) * y_val.sum()) == 3, \
    'passo 7: "três mulheres com diabetes a mais"'
assert (board.loc[['logistic', 'k-NN'], 'accuracy'] - board.loc['dummy majority', 'accuracy'] > 0.10).all(), \
    'passo 7: "mais de dez pontos de acurácia"'
assert (abs(board.loc[['logistic', 'k-NN'], 'MCC'] - 0.5) < 0.05).all(), 'passo 7: "um MCC perto de 0,5"'
assert -0.1 < board.loc['dummy stratified', 'MCC'] < 0, 'passo 7: "MCC perto de 0 (aqui, um pouco abaixo)"'
_rare = pd.DataFrame(rare).T
assert _rare['accuracy'].idxmax() == 'dummy majority' and _rare.loc['dummy majority', 'recall'] == 0, \
    'simulação 2: "a resposta constante passa a liderar a acurácia sem encontrar nenhuma"'
assert _rare.loc['logistic', 'recall'] == _rare.loc['k-NN', 'recall'], 'simulação 2: "encontram as mesmas"'
_pr = [((m.predict(Xr) == 1) & (yr == 0)).sum() for m in (logreg, knn)]
assert abs(_pr[0] - _pr[1]) == 1, 'simulação 2: "diferem por um falso positivo"'
assert (_rare.loc[['logistic', 'k-NN'], 'F1'] < 0.5).all(), 'simulação 2: "o F1 ... despencou"'
_p = {name: m.predict_proba(X_val)[:, 1] for name, m in [('prior', prior), ('lr', logreg), ('knn', knn)]}
_l = {k: _ll(y_val, v) for k, v in _p.items()}
assert _l['lr'] < _l['prior'] < _l['knn'], 'passo 8: "a regressão logística vence a linha de base, e o k-NN fica pior"'
assert abs(_bs(y_val, _p['knn']) - _bs(y_val, _p['lr'])) < 0.005, 'passo 8: "quase empate no Brier"'
assert lo < 0 < hi and hi - lo > 5 * abs(gap), 'simulação 3: "muito mais largo que a própria diferença e contém o zero"'
_t = table.set_index('threshold')
assert abs(_t.loc[0.3, 'F1'] - _t.loc[0.5, 'F1']) < 0.01 and _t.loc[0.3, 'F2'] > _t.loc[0.5, 'F2'] + 0.05, \
    'passo 9: "o F1 quase não se mexe", "o F2 prefere claramente 0,3"'
assert _t.loc[0.7, 'FN'] > y_val.sum() / 2, 'passo 9: "em 0,7 ... mais da metade"'
_best = {b: grid[int(np.argmax([_fb(y_val, (proba_val >= u).astype(int), beta=b) for u in grid]))] for b in (0.5, 1, 2)}
assert _best[0.5] > 0.5 > _best[1] and _best[2] == grid[0], \
    'simulação 4: "o F0,5 fica acima de 0,5; o F1 desce abaixo; o F2 vai até a ponta da grade"'
_tp_val = ((logreg.predict_proba(X_val)[:, 1] >= best_t) & (y_val == 1)).sum()
assert abs(((pred_test == 1) & (y_test == 1)).sum() - _tp_val) <= 5, 'passo 10: "é de poucas" mulheres'
_order = np.argsort(recalls)
assert (cm[_order[0], _order[0]] + 1) / cm[_order[0]].sum() > recalls[_order[1]], \
    'passo 11: "o segundo colocado está a uma imagem dele"'
_f1s = [_f1(yd_test, pred_d, average=a) for a in ('macro', 'weighted', 'micro')]
assert max(_f1s) - min(_f1s) < 0.001, 'passo 11: "os três F1 diferem em menos de 0,001"'
assert abs(_f1s[2] - accuracy_score(yd_test, pred_d)) < 1e-12, 'passo 11: "o micro-F1 é igual à acurácia"'
'''

ROC = r'''
assert precision < 0.5, 'passo 1: "abaixo até de 50 %"'
# passo 3's simulation (t = 1 there; passo 5 reuses the name t for its labels)
assert abs((neg >= 1.0).mean() - (1 - norm.cdf(1.0))) < 0.003 and abs((pos >= 1.0).mean() - (1 - norm.cdf(1.0 - d))) < 0.003, \
    'passo 3: "a simulação difere da teoria em milésimos"'
assert ci_d[1] - ci_d[0] < min(ci_lr[1] - ci_lr[0], ci_rf[1] - ci_rf[0]), 'passo 5: "o da diferença é mais estreito que o de cada AUC"'
assert 0.01 < ci_lr[1] - ci_lr[0] < 0.06, 'passo 5: "uns poucos centésimos de largura"'
'''

CUSTO = r'''
_equal = costs(p, c_fn=1, c_fp=1)
assert t[_equal.argmin()] > 0.5 and _equal.argmin() == int(np.argmax(f1)), \
    'experimento 2: "fica acima de 0,5 e, nestes dados, cai no mesmo lugar do melhor F1"'
assert t[costs(p, c_fn=C_FP, c_fp=C_FN).argmin()] > 0.5, 'experimento 3: "passou para cima de 0,5"'
assert t[costs(p).argmin()] < 0.3, 'experimento 1: "o mínimo fica bem abaixo de 0,5"'
assert held_out(p, StratifiedKFold(5)) > costs(p).min(), 'experimento 4: "na verificação honesta ... ele custa mais"'
assert wins > 10, 'experimento 4: "sai mais barato na maior parte das 20 divisões"'
'''

CLAIMS = {'triagem': TRIAGEM, 'roc': ROC, 'custo': CUSTO}
