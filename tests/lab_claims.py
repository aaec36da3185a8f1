"""What the labs' "Confira" notes (course/confira_texts/<lab>.yml) state as facts of the lab's own
run, as code: one cell per lab, appended to the notebook when ``tests/test_notebooks.py`` runs it,
so it reads the lab's variables in the same kernel. Each ``assert`` quotes the note it checks;
if a change of data, library or code makes a note false, the run fails with those words.
"""

TRIAGEM = r'''
from sklearn.metrics import f1_score as _f1, fbeta_score as _fb, log_loss as _ll, brier_score_loss as _bs
from course.fmt import num as _num, pct as _pct
from course.values import value as _value
# The notes quote the lessons' values by name: the lab runs the lessons' code on the same data, so
# each quoted value is what the lab's own run prints (a departure means the lab and the lesson no
# longer run the same thing).
_certain_wrong = ((votes == 0) & (yv == 1)) | ((votes == 1) & (yv == 0))   # passo 8: a 0 or a 1, wrong
_same = {
    'fund_lab_n': str(len(y)), 'fund_lab_pos': str(int(y.sum())), 'fund_lab_prev': _pct(y.mean(), 1),
    'fund_lab_majority': _pct(1 - y.mean(), 1), 'fund_lab_incomplete': str(int(X.isna().any(axis=1).sum())),
    'fund_lab_val_pos': str(int(y_val.sum())), 'fund_lab_one_woman': _num(100 / y_val.sum(), 1),
    'fund_lab_lr_tp': str(int(((y_val == 1) & (pred_lr == 1)).sum())),
    'fund_lab_knn_tp': str(int(((y_val == 1) & (pred_knn == 1)).sum())),
    'fund_lab_knn_fn': str(int(((y_val == 1) & (pred_knn == 0)).sum())),
    'fund_lab_fn_both': str(int(((y_val == 1) & (pred_lr == 0) & (pred_knn == 0)).sum())),
    'fund_lab_mcc_ci': mcc_cmp.interval(2), 'fund_lab_mcc_flips': _pct(mcc_cmp.share_b_ahead, 0),
    'fund_lab_mcc_verdict_text': mcc_cmp.verdict,
    'fund_lab_rare_rec_ci': f"de {_num(rec_lo, 2)} a {_num(rec_hi, 2)}",
    'fund_lab_rare_disagree': str(int((lr_r != knn_r).sum())),
    'fund_lab_rare_major_acc': _pct(pd.DataFrame(rare).T.loc['dummy majority', 'accuracy'], 1),
    'adv_lab_ll_knn': _num(_ll(y_val, knn.predict_proba(X_val)[:, 1])),
    'adv_lab_ll_prior': _num(_ll(y_val, prior.predict_proba(X_val)[:, 1])),
    # passo 8: the intervals and verdicts the note quotes, as the lab's last cell of the step prints them
    'adv_lab_ll_ci': ll_cmp['a regressão logística', 'o k-NN'].interval(3),
    'adv_lab_ll_verdict': ll_cmp['a regressão logística', 'o k-NN'].verdict,
    'adv_lab_knn_prior_ci': ll_cmp['a linha de base', 'o k-NN'].interval(3),
    'adv_lab_knn_prior_verdict': ll_cmp['a linha de base', 'o k-NN'].verdict,
    'adv_lab_lr_prior_ci': ll_cmp['a linha de base', 'a regressão logística'].interval(3),
    'adv_lab_lr_prior_verdict': ll_cmp['a linha de base', 'a regressão logística'].verdict,
    'adv_lab_rest_n': str(int((~_certain_wrong).sum())),
    'adv_lab_rest_knn': _num(_ll(yv[~_certain_wrong], votes[~_certain_wrong])),
    'adv_lab_rest_lr': _num(_ll(yv[~_certain_wrong], p_val['a regressão logística'][~_certain_wrong])),
    'adv_lab_k25_ci': f"de {signed(lo)} a {signed(hi)}", 'adv_lab_k25_gap': _num(gap),
    # passo 10, the second question: the lab's last loop ends on the test, McNemar's p as printed
    'adv_lab_test_only03': str(only_03), 'adv_lab_test_only05': str(only_05),
    'adv_lab_test_mcnemar_p': _num(p_value, 2),
    'adv_lab_t03_fp': str(int(table.set_index('threshold').loc[0.3, 'FP'])),
    'adv_lab_sim_f2_t': _num(grid[int(np.argmax([_fb(y_val, (proba_val >= u).astype(int), beta=2) for u in grid]))], 2),
    'adv_lab_test_f2': _num(final['F2']), 'adv_lab_test_recall': _num(final['recall']),
    'adv_lab_d_rec8': f"{cm[8, 8]}/{cm[8].sum()} = {_num(recalls[8])}",
}
_lesson = {k: _value('metricas-fundamental' if k.startswith('fund') else 'metricas-avancada', k) for k in _same}
_differ = {k: (v, _lesson[k]) for k, v in _same.items() if v != _lesson[k]}
assert not _differ, f'the lab prints other numbers than the lessons the notes quote: {_differ}'
assert 1 / 3 < y.mean() < 0.5, 'passo 1: "pouco mais de um terço"'
_miss = X.isna().any(axis=1)
assert 0.4 < _miss.mean() < 0.5, 'passo 2: "quase metade das mulheres tem alguma medida faltando"'
assert X.loc[_miss, 'insu'].isna().mean() > 0.9, 'passo 2: "quase sempre a insulina"'
assert all(abs(len(part) / len(y) - share) < 0.01 for part, share in [(y_train, 0.6), (y_val, 0.2), (y_test, 0.2)]), \
    'passo 3: "60/20/20"'
_fn_lr, _fn_knn = (y_val == 1) & (pred_lr == 0), (y_val == 1) & (pred_knn == 0)
_fp_lr, _fp_knn = (y_val == 0) & (pred_lr == 1), (y_val == 0) & (pred_knn == 1)
assert _fn_knn.sum() < _fn_lr.sum() and _fp_knn.sum() > _fp_lr.sum(), \
    'passo 4: "o k-NN ... paga com falsos positivos"'
assert abs(_fn_knn.sum() - _fn_lr.sum()) <= 5 and abs(_fp_knn.sum() - _fp_lr.sum()) <= 5, \
    'passo 4: "nos dois cantos, a diferença é de poucas mulheres"'
assert (_fn_lr & _fn_knn).sum() >= 0.75 * _fn_knn.sum(), 'passo 4: "quase todas" as do k-NN também escapam à regressão logística'
assert recall_score(y_val, pred_lr, pos_label=0) > 0.85, 'passo 5: as sem diabetes "são quase todas acertadas"'
assert ((escaped >= 0.4) & (escaped < 0.5)).sum() < len(escaped) / 4 and escaped.mean() < 0.35, \
    'simulação 1: "só uma pequena parte ... entre 0,4 e 0,5, e o escore médio deles fica bem abaixo de 0,5"'
_lead = board.loc['k-NN'] > board.loc['logistic']
assert not _lead['specificity'] and _lead.drop('specificity').all(), 'passo 7: "a regressão logística ganha só na especificidade"'
assert not mcc_cmp.distinct and mcc_cmp.hi > 3 * abs(mcc_cmp.estimate), \
    'passo 7: "Pelo MCC, a amostra não distingue os dois", "mas também uma vantagem grande do k-NN"'
assert all(paired_bootstrap(y_val, _m, always_no, accuracy_score).key == 'a' for _m in (pred_lr, pred_knn)), \
    'passo 7: "a regressão logística supera a resposta constante nesta amostra, e o k-NN ..."'
assert -0.1 < board.loc['dummy stratified', 'MCC'] < 0.1, 'passo 7: "MCC perto de 0"'
_rare = pd.DataFrame(rare).T
assert _rare['accuracy'].idxmax() == 'dummy majority' and _rare.loc['dummy majority', 'recall'] == 0, \
    'simulação 2: "a resposta constante passa a liderar a acurácia sem encontrar nenhuma"'
assert _rare.loc['logistic', 'recall'] == _rare.loc['k-NN', 'recall'], 'simulação 2: "encontram as mesmas"'
_pr = [((m.predict(Xr) == 1) & (yr == 0)).sum() for m in (logreg, knn)]
assert _pr[1] - _pr[0] == 1, 'simulação 2: "o k-NN dá um falso positivo a mais ao todo"'
assert ((lr_r != knn_r) & (yr == 1)).sum() == 0, 'simulação 2: "discordam ... das sem diabetes"'
_r_lr = _rare.loc['logistic']
assert _r_lr['balanced'] > board.loc['logistic', 'balanced'] and _r_lr['MCC'] < board.loc['logistic', 'MCC'], \
    'simulação 2: "a acurácia balanceada subiu ... e o MCC desceu"'
assert rec_lo < by_hand['recall'] < rec_hi, 'simulação 2: "a revocação da validação inteira cabe nele"'
assert not mcnemar(yr, lr_r, knn_r).distinct, 'simulação 2: "(o teste exato de McNemar), a amostra não distingue os dois"'
assert (_rare.loc[['logistic', 'k-NN'], 'F1'] < 0.5).all(), 'simulação 2: "o F1 ... despencou"'
_p = {name: m.predict_proba(X_val)[:, 1] for name, m in [('prior', prior), ('lr', logreg), ('knn', knn)]}
_l = {k: _ll(y_val, v) for k, v in _p.items()}
assert _l['lr'] < _l['prior'] < _l['knn'], 'passo 8: "O k-NN tem a log loss mais alta das três"'
assert ll_cmp['a regressão logística', 'o k-NN'].key == 'a' and not ll_cmp['a linha de base', 'o k-NN'].distinct, \
    'para fechar: "a log loss separa o k-NN com k = 5 da regressão logística"; passo 8: "contra a linha de base", a amostra não distingue'
assert abs(_bs(y_val, _p['knn']) - _bs(y_val, _p['lr'])) < 0.005, 'passo 8: "o Brier ... quase não sente essas certezas"'
assert ((_p['knn'] == 1) & (y_val == 0)).sum() == 1, 'passo 8: "e uma sem diabetes, exatamente 1"'
assert lo < 0 < hi and hi - lo > 5 * abs(gap), 'simulação 3: "muito mais largo que a própria diferença"'
_t = table.set_index('threshold')
assert abs(_t.loc[0.3, 'F1'] - _t.loc[0.5, 'F1']) < 0.01 and _t.loc[0.3, 'F2'] > _t.loc[0.5, 'F2'] + 0.05, \
    'passo 9: "o F1 quase não se mexe", "o F2 prefere claramente 0,3"'
assert _t.loc[0.7, 'FN'] > y_val.sum() / 2, 'passo 9: "em 0,7 ... mais da metade"'
_best = {b: grid[int(np.argmax([_fb(y_val, (proba_val >= u).astype(int), beta=b) for u in grid]))] for b in (0.5, 1, 2)}
assert _best[0.5] > 0.5 > _best[1] and _best[2] == grid[0], \
    'simulação 4: "o F0,5 ... o F1 desce ...; o F2 vai até a ponta da grade"'
assert best_t == 0.3, 'passo 10: "o 0,3 escolhido (best_t)"'
assert accuracy_score(y_val, proba_val >= 0.3) < accuracy_score(y_val, proba_val >= 0.5), \
    'passo 10: "na validação, baixar o limiar custou acurácia"'
_order = np.argsort(recalls)
assert _order[0] == 8 and cm[8].sum() - cm[8, 8] == cm[_order[1]].sum() - cm[_order[1], _order[1]], \
    'passo 11: "o segundo logo atrás, com o mesmo número de imagens perdidas"'
_f1s = [_f1(yd_test, pred_d, average=a) for a in ('macro', 'weighted', 'micro')]
assert max(_f1s) - min(_f1s) < 0.001, 'passo 11: "os três F1 diferem em menos de um milésimo"'
assert abs(_f1s[2] - accuracy_score(yd_test, pred_d)) < 1e-12, 'passo 11: "o micro-F1 é igual à acurácia"'
'''

ROC = r'''
from course.values import value as _value
assert precision < 0.5 and precision < 1 / 5, 'passo 1: "abaixo até de 50 %", "menos de um alarme certo em cada cinco"'
assert num(fp / tp, 1) == _value('roc', 'roc_bayes_fp_per_tp'), 'passo 1: "uns {roc_bayes_fp_per_tp} falsos positivos para cada doente achado"'
# passo 1's simulation replayed (passo 4 reuses the names y and y_pred): it prints the formula's number
_rng = np.random.default_rng(0)
_y = (_rng.random(1_000_000) < 0.01).astype(int)
_pred = np.where(_y == 1, _rng.random(1_000_000) < 0.95, _rng.random(1_000_000) < 1 - 0.95).astype(int)
assert (_pred == 1).sum() == tp + fp and num(precision_score(_y, _pred)) == num(precision), \
    'passo 1: "A simulação de um milhão de pessoas chega ao mesmo número que a fórmula de Bayes"'
# passo 3's simulation (t = 1 there; passo 5 reuses the name t for its labels)
_auc_sim = roc_auc_score(np.r_[np.zeros(neg.size), np.ones(pos.size)], np.r_[neg, pos])
assert max(abs((neg >= 1.0).mean() - (1 - norm.cdf(1.0))), abs((pos >= 1.0).mean() - (1 - norm.cdf(1.0 - d))),
           abs(_auc_sim - norm.cdf(d / np.sqrt(2)))) < 0.0025, \
    'passo 3: "a simulação fica a no máximo um ou dois milésimos da teoria em cada número"'
# passo 4, replayed with the lab's seed (the loop keeps only its last row)
_rng = np.random.default_rng(0)
_rows = {}
for _prev in (0.5, 0.1, 0.01, 0.001):
    _n_pos = int(100_000 * _prev)
    _s = np.r_[_rng.normal(1.5, 1.0, _n_pos), _rng.normal(0.0, 1.0, 100_000 - _n_pos)]
    _y = np.r_[np.ones(_n_pos), np.zeros(100_000 - _n_pos)]
    _rows[_prev] = (roc_auc_score(_y, _s), average_precision_score(_y, _s), auc_interval(_y, _s))
assert np.array_equal(_s, s)                         # the same draws as the lab's last row
assert num(theory) == _value('roc', 'roc_prev_auc_theory'), 'passo 4: "{roc_prev_auc_theory} em todas as linhas"'
assert covered == 4 and all(lo <= theory <= hi for _, _, (lo, hi) in _rows.values()), \
    'passo 4: "o intervalo de 95 % de cada linha (a coluna intervalo do AUC) contém o da teoria"'
assert _rows[0.001][0] < theory and _rows[0.001][0] == min(v[0] for v in _rows.values()), \
    'passo 4: "o da última linha, com só 100 doentes, sai mais baixo"'
assert 0.01 < _rows[0.001][1] < 0.05, 'passo 4: "na linha de 0,1 %, ela fica em poucos centésimos, contra o milésimo do acaso"'
assert [v[1] for v in _rows.values()] == sorted((v[1] for v in _rows.values()), reverse=True), 'passo 4: "a AP despenca"'
assert ci_d[1] - ci_d[0] < min(ci_lr[1] - ci_lr[0], ci_rf[1] - ci_rf[0]), 'passo 5: "o da diferença é mais estreito que o de cada AUC"'
assert ci_d[1] - ci_d[0] < np.hypot(ci_lr[1] - ci_lr[0], ci_rf[1] - ci_rf[0]), \
    'passo 5: "se os dois AUC variassem de forma independente" seria mais largo'
# "Com n = 200, o lab sorteia as mesmas 200 linhas da primeira linha da tabela da aula": the lab's
# code with n = 200 gives the lesson's interval of the difference
_rng = np.random.default_rng(0)
_i0 = _rng.choice(len(yte), 200, replace=False)
_d = []
for _ in range(B):
    _i = _i0[_rng.integers(0, 200, 200)]
    _d.append(roc_auc_score(yte[_i], p_rf[_i]) - roc_auc_score(yte[_i], p_lr[_i]))
_lo, _hi = np.percentile(_d, [2.5, 97.5])
assert f'[{signed(_lo)}; {signed(_hi)}]' == _value('roc', 'roc_boot_200_diff'), 'passo 5: "as mesmas 200 linhas da primeira linha da tabela da aula"'

assert 0.01 < ci_lr[1] - ci_lr[0] < 0.06, 'passo 5: "uns poucos centésimos de largura"'
'''

CUSTO = r'''
from course.values import value as _value
_double = costs(p, c_fn=2 * C_FN)
assert num(t[_double.argmin()], 2) == _value('custo', 'custo_lab_best_thr'), 'experimento 1: "vai para {custo_lab_best_thr}"'
assert _double.argmin() <= costs(p).argmin(), 'experimento 1: "{custo_lab_direction} o {custo_best_thr} da aula"'
assert num(_double[49], 0) == _value('custo', 'custo_lab_cost_05'), 'experimento 1: "o 0,5 custa {custo_lab_cost_05}"'
_rev = costs(p, c_fn=1, c_fp=5)
assert num(t[_rev.argmin()], 2) == _value('custo', 'custo_lab_rev_thr'), 'experimento 2: "sobe para {custo_lab_rev_thr}"'
assert t[_rev.argmin()] > 0.5, 'experimento 2: "acima de 0,5"'
assert str(wins) == _value('custo', 'custo_lab_theory_wins'), 'experimento 3: "em {custo_lab_theory_wins} das 20 repetições"'
assert wins > 10, 'Para fechar: "sai mais barato que a verificação honesta na maioria das 20 repetições"'
assert _value('custo', 'custo_honest_verdict') == 'a amostra não distingue os dois', \
    'Para fechar: "a aula não distingue a teoria da verificação honesta"'
# Para fechar, said for any prices: a dearer miss never raises the cheapest threshold, a dearer false
# alarm never lowers it (the first and the last of tied thresholds alike), on a grid of prices
def _ends(c):
    return np.flatnonzero(c == c.min())[[0, -1]]
_by_fn = np.array([_ends(costs(p, c_fn=c)) for c in range(1, 61)])
_by_fp = np.array([_ends(costs(p, c_fp=c)) for c in range(1, 31)])
assert (np.diff(_by_fn, axis=0) <= 0).all() and (np.diff(_by_fp, axis=0) >= 0).all(), \
    'Para fechar: "Encarecer a falha nunca sobe o limiar mais barato", "Encarecer o alarme falso nunca o desce"'
assert (np.diff(_by_fn[:, 0]) == 0).any(), 'Para fechar: "ele desce ou fica onde está"'
'''

CALIBRACAO = r'''
from course.values import value as _value
# experimento 4: the lab's last cell, seeds 0 to 20 (the lesson's split is seed 0)
_T = [r['T'] for r in runs.values()]
assert num(runs[0]['T'], 2) == _value('calibracao', 'calib_nb_T'), 'experimento 4: "o da aula é {calib_nb_T}"'
assert max(_T) > 2 * min(_T), 'experimento 4: "o maior passa do dobro do menor"'
assert min(_T) > 2, 'experimento 4: "em todas, o T fica bem acima de 1"'
assert all(r['ece sem'].unusual for r in runs.values()), \
    'experimento 4: "o ECE sem temperatura passa do que um modelo calibrado com os mesmos escores dá"'
assert all(r['brier com'] < r['brier sem'] for r in runs.values()), 'experimento 4: "a temperatura baixa o Brier"'
assert all(r['changed'] == 0 for r in runs.values()), 'experimento 4: "sem mudar nenhuma decisão em 0,5"'
assert any(r['ece com'].observed > r['ece sem'].observed for r in runs.values()), \
    'experimento 4: "O ECE com temperatura, não: em algumas divisões ele sobe"'
assert runs[0]['ece com'].observed < runs[0]['ece sem'].observed   # the fall of experimento 2 is seed 0's
'''

CLAIMS = {'triagem': TRIAGEM, 'roc': ROC, 'custo': CUSTO, 'calibracao': CALIBRACAO}
