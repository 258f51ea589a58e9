/**
 * The report page's own script (after `HTML_COMMON_SCRIPT`):
 * - the overview: the category × augmentation heatmap (its columns and metrics come from the
 *   data: `summary.matrix` and `HEATMAP_METRICS`; a click filters the runs), pass^k over all cells,
 *   and the tables by category, augmentation and agent;
 * - the run list: filters (category, augmentation column, agent, verdict, names, and text inside
 *   the conversations), sortable columns, and the trials of each cell grouped under a row with
 *   their pass count and pass^k. It is virtual (only the rows in view are drawn) and filters over
 *   the embedded columns, so 100,000 runs open and filter in a moment;
 * - the detail beside it: a run's (see `renderRunDetail`) or a cell's (its trials and its pass^k
 *   for every k);
 * - addresses: every run and cell has one in the URL hash (`#run/<scenario>/<augmentation>/<trial>`,
 *   `#cell/<scenario>/<augmentation>`, then `/<agent>` in a report of several agents), which opens
 *   it, and the browser's back and forward move between what was opened;
 * - the keyboard: j/k or the arrows move through the list (a run opens as it is reached), n/p
 *   open the next or previous run (into closed cells too), Enter opens, the right and left arrows
 *   open and close a cell, Escape goes back to the list, / finds by name, ? shows the keys.
 */
export const HTML_REPORT_SCRIPT = `
  var side = reportSide('toolcheck-index', 'toolcheck-details')
  var index = side.index
  var summary = index.summary
  var runs = index.runs
  var cells = index.cells
  var ROW_HEIGHT = 40
  var count = side.count
  var cellCount = cells.trials.length
  var $ = function (id) { return document.getElementById(id) }

  // --- the overview ---
  function groupCells(group) {
    return [
      element('td', { className: 'number', text: String(group.runs) }),
      element('td', { className: 'number', style: heat(group.meanScore), text: fixed(group.meanScore) }),
      element('td', { className: 'number', text: interval(group.scoreInterval) }),
      element('td', { className: 'number', text: fixed(group.passRate) }),
      element('td', { className: 'number', text: interval(group.passRateInterval) }),
      element('td', { className: 'number', text: group.meanTurns === null ? '-' : group.meanTurns.toFixed(1) }),
      element('td', { className: 'number', text: String(group.domainErrors) }),
      element('td', { className: 'number', text: String(group.infrastructureErrors) }),
      element('td', { className: 'number', text: String(group.userErrors || 0) }),
      element('td', { className: 'number', text: tokens(group.usage.promptTokens + group.usage.completionTokens) }),
      element('td', { className: 'number', text: cost(group.usage.costUsd) }),
    ]
  }
  var GROUP_TITLES = ['runs', 'score', '95% interval', 'pass rate', '95% interval', 'turns', 'domain errors', 'infrastructure errors', 'user errors', 'tokens', 'cost']
  function groupTable(id, title, groups) {
    var names = Object.keys(groups)
    return element('table', { id: id, className: 'groups' }, [
      element('thead', {}, [headerRow([title].concat(GROUP_TITLES))]),
      element('tbody', {}, names.map(function (name) { return element('tr', {}, [element('td', { text: name })].concat(groupCells(groups[name]))) })
        .concat([element('tr', { className: 'overall' }, [element('td', { text: 'overall' })].concat(groupCells(summary.overall)))])),
    ])
  }

  // What the heatmap can show: each reads a summary group (a cell of the matrix, a row's or a
  // column's total). Add an entry to show another figure the summary groups carry.
  var HEATMAP_METRICS = [
    { key: 'meanScore', label: 'mean score', value: function (group) { return group.meanScore }, range: function (group) { return group.scoreInterval } },
    { key: 'passRate', label: 'pass rate', value: function (group) { return group.passRate }, range: function (group) { return group.passRateInterval } },
  ]
  var metric = HEATMAP_METRICS[0]
  function heatmap() {
    var matrix = summary.matrix
    var cell = function (group, category, column) {
      var shown = group ? metric.value(group) : null
      var title = group ? plural(group.runs, 'run') + ': ' + HEATMAP_METRICS.map(function (each) { return each.label + ' ' + fixed(each.value(group)) + ' (95% ' + interval(each.range(group)) + ')' }).join(', ') : 'no runs'
      return element('td', {
        className: 'heat number' + (group ? ' clickable' : ''),
        style: heat(shown),
        title: title,
        'data-category': category,
        'data-column': column,
        'data-runs': group ? String(group.runs) : '0',
        text: group ? fixed(shown) : '',
      })
    }
    // The robustness figures, when runs had robustness augmentations: four columns after 'all'
    // (attack attempts and success are coloured the other way round: less is better).
    var robustness = summary.robustness
    var figures = robustness ? [['utility', 'utility'], ['utilityUnderAttack', 'utility under attack'], ['attackAttempts', 'attack attempts'], ['attackSuccess', 'attack success']] : []
    var figureCells = function (group) {
      return figures.map(function (figure) {
        var shown = group ? group[figure[0]] : null
        var text = shown === null || shown === undefined ? '' : fixed(shown)
        var title = group ? figure[1] + ' ' + (text || '-') + ' (' + plural(group.runs, 'run') + ' without an attack, ' + plural(group.attackedRuns, 'run') + ' with one; ' + group.falseClaims + ' false claims' + (group.notChecked ? '; ' + plural(group.notChecked, 'message') + ' not checked' : '') + ')' : 'no runs'
        return element('td', { className: 'heat number robustness', style: heat((figure[0] === 'attackSuccess' || figure[0] === 'attackAttempts') && text ? 1 - shown : shown), title: title, text: text })
      })
    }
    var rows = matrix.categories.map(function (category) {
      return element('tr', {}, [element('th', { scope: 'row', text: category })]
        .concat(matrix.columns.map(function (column) { return cell(matrix.cells[category][column], category, column) }))
        .concat([cell(summary.byCategory[category], category, '')])
        .concat(figureCells(robustness ? robustness.byCategory[category] : null)))
    })
    rows.push(element('tr', { className: 'overall' }, [element('th', { scope: 'row', text: 'all categories' })]
      .concat(matrix.columns.map(function (column) { return cell(summary.byAugmentation[column], '', column) }))
      .concat([cell(summary.overall, '', '')])
      .concat(figureCells(robustness ? robustness.overall : null))))
    var table = element('table', { id: 'heatmap' }, [
      element('thead', {}, [element('tr', {}, [element('th', { text: 'category \\\\ augmentation' })]
        .concat(matrix.columns.concat(['all']).concat(figures.map(function (figure) { return figure[1] })).map(function (column) { return element('th', { className: 'column-name', title: column, text: column }) })))]),
      element('tbody', {}, rows),
    ])
    table.addEventListener('click', function (event) {
      var target = event.target.closest('td.clickable')
      if (!target) return
      $('filter-category').value = target.getAttribute('data-category')
      $('filter-augmentation').value = target.getAttribute('data-column')
      applyFilters()
      $('runs').scrollIntoView()
    })
    return table
  }
  function renderHeatmap() {
    var holder = $('heatmap-holder')
    holder.textContent = ''
    holder.appendChild(heatmap())
    // Messages the judge could not read never fail a run; say how many, and how to read them.
    var unread = summary.robustness ? summary.robustness.overall.notChecked : 0
    if (unread) holder.appendChild(element('p', { className: 'not-checked', text: 'not checked: ' + plural(unread, 'message') + ' in languages or wordings the built-in judge does not read (in ' + plural(summary.robustness.overall.runsNotChecked, 'run') + '); a model judge reads them: toolcheck eval --judge openai:<model> (or hf:<model>), or toolcheck({ judge }) in vitest.config.ts' }))
  }
  HEATMAP_METRICS.forEach(function (each) { $('heatmap-metric').appendChild(element('option', { value: each.key, text: each.label })) })
  $('heatmap-metric').addEventListener('change', function (event) {
    metric = HEATMAP_METRICS.filter(function (each) { return each.key === event.target.value })[0] || HEATMAP_METRICS[0]
    renderHeatmap()
  })
  renderHeatmap()
  if (index.agents.length > 1) {
    $('agents').appendChild(element('h3', { text: 'By agent' }))
    $('agents').appendChild(groupTable('by-agent', 'agent', summary.byAgent))
  }
  $('groups').appendChild(groupTable('by-category', 'category', summary.byCategory))
  $('groups').appendChild(groupTable('by-augmentation', 'augmentation', summary.byAugmentation))

  var ks = Object.keys(summary.passHatK)
  if (ks.length > 1) {
    var hatNode = $('pass-hat-k')
    document.querySelector('[data-tab="pass-hat-k"]').hidden = false
    hatNode.appendChild(element('p', { className: 'muted', title: 'Each cell counts C(passes, k) / C(trials, k), the share of its k-trial subsets that passed whole (an unbiased estimate); cells are weighted by their trials, so pass^1 is the pass rate. The intervals are Wilson score intervals of that estimate.', text: 'The chance that k trials of a cell all pass, over ' + plural(cellCount, 'cell') + ' (a cell\\u2019s own is in its detail).' }))
    hatNode.appendChild(element('div', { className: 'scroll-x' }, [element('table', { id: 'pass-hat-k-overall' }, [
      element('thead', {}, [headerRow(['k'].concat(ks))]),
      element('tbody', {}, [
        element('tr', {}, [element('th', { text: 'pass^k' })].concat(ks.map(function (k) { return element('td', { className: 'number', style: heat(summary.passHatK[k]), text: fixed(summary.passHatK[k]) }) }))),
        element('tr', {}, [element('th', { text: '95% interval' })].concat(ks.map(function (k) { return element('td', { className: 'number', text: interval(summary.passHatKInterval[k]) }) }))),
      ]),
    ])]))
  }

  if (index.problems.length > 0) {
    var problems = $('problems')
    problems.appendChild(element('h3', { text: plural(index.problems.length, 'test') + ' failed without recording a run' }))
    problems.appendChild(element('ul', {}, index.problems.map(function (problem) { return element('li', { text: problem.file + ' > ' + problem.test + ': ' + problem.message.split('\\n')[0] }) })))
    $('problems-note').textContent = plural(index.problems.length, 'test') + ' failed without recording a run (see the tables)'
  }

  // The overview's tabs: one panel in view at a time, so the run list stays in the window.
  document.querySelectorAll('#overview [role="tab"]').forEach(function (tab) {
    tab.addEventListener('click', function () {
      document.querySelectorAll('#overview [role="tab"]').forEach(function (other) {
        var chosen = other === tab
        other.setAttribute('aria-selected', chosen ? 'true' : 'false')
        $(other.getAttribute('data-tab')).hidden = !chosen
      })
      $('heatmap-metric-label').hidden = tab.getAttribute('data-tab') !== 'heatmap-panel'
    })
  })

  // --- cells: pass counts, pass^k, sums of their runs ---
  var runsOfCell = []
  for (var c = 0; c < cellCount; c++) runsOfCell.push([])
  var cellCulprits = []
  var cellStats = { turns: new Float64Array(cellCount), tokens: new Float64Array(cellCount), cost: new Float64Array(cellCount), costs: new Int32Array(cellCount), scored: new Int32Array(cellCount) }
  for (var r = 0; r < count; r++) {
    var owner = runs.cell ? runs.cell[r] : -1
    if (owner < 0) continue
    runsOfCell[owner].push(r)
    cellStats.tokens[owner] += runs.promptTokens[r] + runs.completionTokens[r]
    if (runs.cost[r] >= 0) { cellStats.cost[owner] += runs.cost[r]; cellStats.costs[owner]++ }
    if (runs.verdict[r] !== 2) { cellStats.turns[owner] += runs.turns[r]; cellStats.scored[owner]++ }
    else {
      var culprits = cellCulprits[owner] || (cellCulprits[owner] = {})
      var who = side.text(runs.errorCulprit[r]) || 'infrastructure'
      culprits[who] = (culprits[who] || 0) + 1
    }
  }
  // The errors of a cell's runs by whose code ended them: "2 domain errors", "1 domain, 2 infrastructure errors".
  function cellErrorText(cell) {
    var culprits = cellCulprits[cell]
    if (!culprits) return ''
    var names = Object.keys(culprits).sort()
    var total = 0
    var counts = names.map(function (name) { total += culprits[name]; return culprits[name] + ' ' + name })
    return counts.join(', ') + (total === 1 ? ' error' : ' errors')
  }
  // pass^k of a cell at k = its trials: [estimate, low, high] in thousandths.
  function cellHat(cell, k) {
    var curve = cells.curve[cell] < 0 ? null : index.curves[cells.curve[cell]]
    var at = ((k || cells.trials[cell]) - 1) * 3
    return curve && at >= 0 ? [curve[at], curve[at + 1], curve[at + 2]] : null
  }
  function grouped(cell) { return cell >= 0 && runsOfCell[cell].length > 1 }

  // --- addresses: one per run and per cell, in the URL hash ---
  var addresses = null
  function buildAddresses() {
    // Without a prototype: an address typed by hand (#constructor, #__proto__, #toString) must
    // find nothing, not a method of Object.
    var byName = Object.create(null)
    var cellIds = new Array(cellCount)
    var runIds = new Array(count)
    var taken = Object.create(null)
    var unique = function (id) {
      var candidate = id
      for (var n = 2; taken[candidate]; n++) candidate = id + '~' + n
      taken[candidate] = true
      return candidate
    }
    // A report of several agents names the agent last: one test may play a scenario with each.
    var agentPart = function (id) { return index.agents.length > 1 ? '/' + encodeURIComponent(side.text(id)) : '' }
    for (var cell = 0; cell < cellCount; cell++) cellIds[cell] = unique('cell/' + encodeURIComponent(side.text(cells.scenario[cell])) + '/' + encodeURIComponent(side.text(cells.augmentation[cell])) + agentPart(cells.agent[cell]))
    for (var i = 0; i < count; i++) runIds[i] = unique('run/' + encodeURIComponent(side.text(runs.scenario[i])) + '/' + encodeURIComponent(side.text(runs.augmentation[i])) + '/' + runs.trial[i] + agentPart(runs.agent[i]))
    cellIds.forEach(function (id, cell) { byName[id] = { cell: cell } })
    runIds.forEach(function (id, i) { byName[id] = { run: i } })
    // An address typed or pasted by hand may come decoded (spaces, +): each part is encoded again.
    var normal = function (id) {
      try { return id.split('/').map(function (part) { return encodeURIComponent(decodeURIComponent(part)) }).join('/') } catch (error) { return id }
    }
    addresses = { cells: cellIds, runs: runIds, find: function (id) { return byName[id] || byName[normal(id)] || null } }
    return addresses
  }
  function runAddress(i) { return '#' + (addresses || buildAddresses()).runs[i] }
  function cellAddress(cell) { return '#' + (addresses || buildAddresses()).cells[cell] }

  // --- filters ---
  function fillSelect(id, values) {
    var select = $(id)
    values.forEach(function (value) { select.appendChild(element('option', { value: value, text: value })) })
    select.addEventListener('change', applyFilters)
  }
  fillSelect('filter-category', summary.matrix.categories)
  fillSelect('filter-augmentation', summary.matrix.columns)
  fillSelect('filter-agent', index.agents)
  $('filter-status').addEventListener('change', applyFilters)
  $('filter-text').addEventListener('input', applyFilters)
  $('group-cells').addEventListener('change', applyFilters)

  // Per list of strings, whether it holds a value: lists are few, runs many.
  function listsHolding(value) {
    var id = index.strings.indexOf(value)
    return index.lists.map(function (list) { return list.indexOf(id) !== -1 })
  }

  // Text inside the conversations: decided once per distinct string, message and message list of
  // the details (which the trials of a cell share), then per run.
  var conversationQuery = ''
  var conversationMatches = null
  var searchTimer = null
  $('filter-conversation').addEventListener('input', function () {
    clearTimeout(searchTimer)
    searchTimer = setTimeout(searchConversations, 200)
  })
  function searchConversations() {
    var query = $('filter-conversation').value.trim().toLowerCase()
    if (query === conversationQuery) return
    conversationQuery = query
    if (!query) { conversationMatches = null; applyFilters(); return }
    $('search-status').textContent = 'searching\\u2026'
    side.details().then(function (details) {
      if (conversationQuery !== query) return
      var stringHit = new Uint8Array(details.strings.length)
      for (var s = 0; s < details.strings.length; s++) if (details.strings[s].toLowerCase().indexOf(query) !== -1) stringHit[s] = 1
      var hitIn = function (id) { return id >= 0 && stringHit[id] === 1 }
      var messageHit = details.messages.map(function (message) {
        if (hitIn(message[3])) return true
        if (message[4].some(function (call) { return hitIn(call[0]) || hitIn(call[1]) })) return true
        var result = message[5]
        if (result && (hitIn(result[0]) || hitIn(result[2]) || hitIn(result[4]))) return true
        return message[6].some(function (change) {
          if (typeof change === 'number') return hitIn(change)
          return hitIn(change[2]) || hitIn(change[3]) || change[4].some(hitIn)
        })
      })
      var listHit = new Int8Array(details.lists.length).fill(-1)
      var matches = new Uint8Array(count)
      for (var i = 0; i < count; i++) {
        var list = details.runs[i][2]
        if (list < 0) continue
        if (listHit[list] === -1) listHit[list] = details.lists[list].some(function (message) { return messageHit[message] }) ? 1 : 0
        matches[i] = listHit[list]
      }
      conversationMatches = matches
      applyFilters()
      if (selectedRun >= 0) openRun(selectedRun, { keepHash: true })
    })
  }

  var filtered = new Int32Array(count)
  var filteredCount = 0
  function applyFilters() {
    var category = $('filter-category').value
    var column = $('filter-augmentation').value
    var agent = $('filter-agent').value
    var status = $('filter-status').value
    var text = $('filter-text').value.toLowerCase()
    var inCategory = category ? listsHolding(category) : null
    var inColumn = column ? listsHolding(column) : null
    var agentId = agent ? index.strings.indexOf(agent) : -1
    // The verdict filter also picks the runs of one culprit: the agent's own code, the domain, the infrastructure, the simulated user.
    var verdict = status ? VERDICTS.indexOf(status) : -1
    var byCulprit = CULPRITS.indexOf(status) >= 0
    // Culprits are string ids in the page, absent (−1) when no run has that culprit.
    var culprit = byCulprit ? index.strings.indexOf(status) : -1
    // Name matches are decided once per distinct scenario, augmentation and test name.
    var textMatches = null
    if (text) {
      textMatches = new Uint8Array(index.strings.length)
      for (var s = 0; s < index.strings.length; s++) if (index.strings[s].toLowerCase().indexOf(text) !== -1) textMatches[s] = 1
    }
    filteredCount = 0
    for (var i = 0; i < count; i++) {
      if (inCategory && !inCategory[runs.categories[i]]) continue
      // A run matches every augmentation column it counts under (a sweep's combined ones, several).
      if (inColumn && !inColumn[runs.columns[i]]) continue
      if (agentId >= 0 && runs.agent[i] !== agentId) continue
      if (verdict >= 0 && runs.verdict[i] !== verdict) continue
      if (byCulprit && (culprit < 0 || runs.errorCulprit[i] !== culprit)) continue
      if (textMatches && !textMatches[runs.scenario[i]] && !textMatches[runs.test[i]] && !textMatches[runs.augmentation[i]]) continue
      if (conversationMatches && !conversationMatches[i]) continue
      filtered[filteredCount++] = i
    }
    shownRun = new Uint8Array(count)
    for (var f = 0; f < filteredCount; f++) shownRun[filtered[f]] = 1
    $('search-status').textContent = conversationQuery ? 'text found in ' + plural(filteredCount, 'run') : ''
    $('runs-count').textContent = filteredCount + ' of ' + count + ' runs'
    buildRows()
    $('runs-viewport').scrollTop = 0
    drawRows()
  }

  // --- sorting ---
  // Strings ranked once, so a sort compares numbers.
  var rank = null
  function rankOf(id) {
    if (rank === null) {
      var order = index.strings.map(function (_, position) { return position })
      order.sort(function (a, b) { var x = index.strings[a], y = index.strings[b]; return x < y ? -1 : x > y ? 1 : 0 })
      rank = new Int32Array(index.strings.length)
      order.forEach(function (position, place) { rank[position] = place })
    }
    return id < 0 ? -1 : rank[id]
  }
  // Each column: how a run and a cell sort under it (a cell by its pass rate, mean score, sums...).
  var SORTS = {
    scenario: { run: function (i) { return rankOf(runs.scenario[i]) }, cell: function (c) { return rankOf(cells.scenario[c]) } },
    augmentation: { run: function (i) { return rankOf(runs.augmentation[i]) }, cell: function (c) { return rankOf(cells.augmentation[c]) } },
    result: { run: function (i) { return runs.verdict[i] === 0 ? 1 : runs.verdict[i] === 1 ? 0 : -1 }, cell: function (c) { return cells.trials[c] === 0 ? -1 : cells.passes[c] / cells.trials[c] } },
    score: { run: function (i) { return runs.score[i] }, cell: function (c) { return cells.meanScore[c] } },
    passk: { run: function (i) { var hat = runs.cell ? cellHat(runs.cell[i]) : null; return hat ? hat[0] : -1 }, cell: function (c) { var hat = cellHat(c); return hat ? hat[0] : -1 } },
    turns: { run: function (i) { return runs.turns[i] }, cell: function (c) { return cellStats.scored[c] === 0 ? -1 : cellStats.turns[c] / cellStats.scored[c] } },
    tokens: { run: function (i) { return runs.promptTokens[i] + runs.completionTokens[i] }, cell: function (c) { return cellStats.tokens[c] } },
    cost: { run: function (i) { return runs.cost[i] }, cell: function (c) { return cellStats.costs[c] === 0 ? -1 : cellStats.cost[c] } },
    error: { run: function (i) { return rankOf(runs.errorKind[i]) }, cell: function (c) { return cells.errors[c] } },
  }
  var sortKey = ''
  var sortDirection = 1
  document.querySelectorAll('.run-list-head [data-sort]').forEach(function (button) {
    button.addEventListener('click', function () {
      var key = button.getAttribute('data-sort')
      // Ascending, descending, then the report's own order.
      if (sortKey !== key) { sortKey = key; sortDirection = 1 }
      else if (sortDirection === 1) sortDirection = -1
      else sortKey = ''
      document.querySelectorAll('.run-list-head [data-sort]').forEach(function (other) {
        var on = other.getAttribute('data-sort') === sortKey
        other.setAttribute('aria-sort', on ? (sortDirection === 1 ? 'ascending' : 'descending') : 'none')
      })
      buildRows()
      drawRows()
    })
  })
  function sorted(items, value) {
    if (!sortKey) return items
    var keys = new Float64Array(items.length)
    for (var at = 0; at < items.length; at++) keys[at] = value(items[at])
    var order = Array.from(items.keys())
    order.sort(function (a, b) { return (keys[a] - keys[b]) * sortDirection || a - b })
    return order.map(function (at) { return items[at] })
  }

  // --- rows: a cell of several trials is a group row (negative: -1 - cell), its runs follow it
  // when it is open; a cell of one run is that run's row ---
  var rows = new Int32Array(0)
  var rowCount = 0
  var openCells = new Uint8Array(cellCount)
  var shownInCell = new Int32Array(cellCount)
  var selectedRun = -1
  var selectedCell = -1
  var cursor = -1
  function buildRows() {
    var grouping = $('group-cells').checked
    var items = []
    shownInCell.fill(0)
    if (grouping) {
      for (var f = 0; f < filteredCount; f++) {
        var i = filtered[f]
        var cell = runs.cell ? runs.cell[i] : -1
        if (grouped(cell)) {
          if (shownInCell[cell]++ === 0) items.push(-1 - cell)
        } else items.push(i)
      }
    } else for (var g = 0; g < filteredCount; g++) items.push(filtered[g])
    items = sorted(items, function (item) { return item < 0 ? SORTS[sortKey].cell(-1 - item) : SORTS[sortKey].run(item) })
    var list = []
    items.forEach(function (item) {
      list.push(item)
      if (item >= 0 || !openCells[-1 - item]) return
      var cell = -1 - item
      runsOfCell[cell].forEach(function (run) { if (isShown(run)) list.push(run) })
    })
    rows = Int32Array.from(list)
    rowCount = rows.length
    $('runs-spacer').style.height = (rowCount * ROW_HEIGHT) + 'px'
    cursor = rowOf(selectedRun >= 0 ? selectedRun : selectedCell >= 0 ? -1 - selectedCell : null)
  }
  // Whether the filters let a run through (a cell's open group lists only those).
  var shownRun = new Uint8Array(count)
  function isShown(run) { return shownRun[run] === 1 }
  function rowOf(item) {
    if (item === null) return -1
    for (var at = 0; at < rowCount; at++) if (rows[at] === item) return at
    return -1
  }

  function nameCell(first, second, title) {
    return element('span', { className: 'cell name', title: title }, [
      element('span', { className: 'line first', text: first }),
      element('span', { className: 'line second muted', text: second }),
    ])
  }
  // In a report of several agents a row names its agent after the augmentation.
  var severalAgents = index.agents.length > 1
  function withAgent(augmentation, agent) { return severalAgents ? augmentation + ' \u00b7 ' + agent : augmentation }
  function groupRow(cell, top) {
    var scenario = side.text(cells.scenario[cell])
    var augmentation = withAgent(side.text(cells.augmentation[cell]), side.text(cells.agent[cell]))
    var trials = cells.trials[cell]
    var passes = cells.passes[cell]
    var hat = cellHat(cell)
    var total = runsOfCell[cell].length
    var open = openCells[cell] === 1
    var rate = trials === 0 ? null : passes / trials
    return element('div', { className: 'grouped-cell' + (cell === selectedCell && selectedRun < 0 ? ' selected' : '') + (open ? ' open' : ''), 'data-cell': String(cell), role: 'row', 'aria-expanded': open ? 'true' : 'false', style: 'top:' + top + 'px' }, [
      element('span', { className: 'cell toggle', text: open ? '\\u25be' : '\\u25b8' }),
      nameCell(scenario, augmentation, scenario + '\\n' + augmentation + '\\n' + side.text(cells.test[cell])),
      element('span', { className: 'cell result passes', style: heat(rate), title: passes + ' of ' + trials + ' scored trials passed' + (cells.errors[cell] > 0 ? ', ' + cellErrorText(cell) : '') + (shownInCell[cell] < total ? '; ' + shownInCell[cell] + ' of ' + total + ' runs shown' : ''), text: passes + '/' + trials + (shownInCell[cell] < total ? ' (' + shownInCell[cell] + ')' : '') }),
      element('span', { className: 'cell number score', text: milli(cells.meanScore[cell]) }),
      element('span', { className: 'cell number pass-hat-k', title: hat ? 'pass^' + trials + ' ' + milli(hat[0]) + ' (95% ' + milli(hat[1]) + '-' + milli(hat[2]) + '): the chance that ' + trials + ' trials all pass' : '', text: hat ? milli(hat[0]) : '-' }),
      element('span', { className: 'cell number', text: cellStats.scored[cell] === 0 ? '-' : (cellStats.turns[cell] / cellStats.scored[cell]).toFixed(1) }),
      element('span', { className: 'cell number', text: tokens(cellStats.tokens[cell]) }),
      element('span', { className: 'cell number', text: cellStats.costs[cell] === 0 ? '-' : cost(cellStats.cost[cell]) }),
      element('span', { className: 'cell error-kind', text: cellErrorText(cell) }),
    ])
  }
  function runRow(i, top, inGroup) {
    var run = side.run(i)
    // Whose code ended the run, then the kind: "domain: tool-threw", wrapped after the culprit.
    var errorParts = !run.errorKind ? [] : run.errorCulprit ? [element('span', { className: 'culprit', text: run.errorCulprit + ':' }), ' ' + run.errorKind] : [run.errorKind]
    var name = inGroup
      ? element('span', { className: 'cell name trial', title: run.scenario + '\\n' + run.augmentation + '\\n' + run.file + ' > ' + run.test }, [element('span', { className: 'line first', text: 'trial ' + run.trial })])
      : nameCell(run.scenario, withAgent(run.augmentation, run.agent), run.scenario + '\\n' + withAgent(run.augmentation, run.agent) + '\\n' + run.file + ' > ' + run.test + '\\ntrial ' + run.trial)
    return element('div', { className: 'run-row' + (inGroup ? ' in-group' : '') + (i === selectedRun ? ' selected' : ''), 'data-run': String(i), role: 'row', style: 'top:' + top + 'px' }, [
      element('span', { className: 'cell toggle number', text: inGroup ? '' : '#' + run.trial }),
      name,
      element('span', { className: 'cell result verdict verdict-' + run.verdict, text: run.verdict, title: run.errorCulprit ? 'ended by the ' + (run.errorCulprit === 'agent' ? "agent's own code" : run.errorCulprit === 'user' ? 'simulated user, which broke its part' : run.errorCulprit) : null }),
      element('span', { className: 'cell number score', text: milli(run.score) }),
      element('span', { className: 'cell number', text: '' }),
      element('span', { className: 'cell number', text: String(run.turns) }),
      element('span', { className: 'cell number', text: tokens(run.promptTokens + run.completionTokens) }),
      element('span', { className: 'cell number', text: cost(run.cost) }),
      element('span', { className: 'cell error-kind', title: run.errorKind ? (run.errorCulprit ? run.errorCulprit + ' error (' + run.errorKind + '): ' : '') + run.errorMessage : null }, errorParts),
    ])
  }
  function drawRows() {
    var body = $('runs-rows')
    var range = windowRange($('runs-viewport'), ROW_HEIGHT, rowCount)
    body.textContent = ''
    var grouping = $('group-cells').checked
    for (var at = range[0]; at < range[1]; at++) {
      var item = rows[at]
      var row = item < 0 ? groupRow(-1 - item, at * ROW_HEIGHT) : runRow(item, at * ROW_HEIGHT, grouping && grouped(runs.cell ? runs.cell[item] : -1))
      if (at === cursor) row.classList.add('cursor')
      body.appendChild(row)
    }
  }
  redrawOnScroll($('runs-viewport'), drawRows)
  function scrollToRow(at) {
    revealRow($('runs-viewport'), ROW_HEIGHT, at)
    drawRows()
    // The list may reach below a small window: the page scrolls too, so the row is in the window.
    var row = $('runs-rows').querySelector('.cursor')
    if (!row) return
    var box = row.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight) row.scrollIntoView({ block: 'nearest' })
  }

  // --- opening runs and cells ---
  function setAddress(address, push) {
    if (location.hash === address) return
    if (push) history.pushState(null, '', address)
    else history.replaceState(null, '', address)
  }
  function openRun(i, how) {
    how = how || {}
    selectedRun = i
    selectedCell = runs.cell ? runs.cell[i] : -1
    cursor = rowOf(i)
    if (!how.keepHash) setAddress(runAddress(i), how.push !== false)
    drawRows()
    renderRunDetail(side, i, { link: runAddress(i), query: conversationQuery }).then(function (node) {
      // A later choice wins over a detail still unpacking.
      if (selectedRun !== i) return
      var holder = $('run-details')
      holder.textContent = ''
      holder.appendChild(node)
      holder.scrollTop = 0
      scrollWithin(holder, node.querySelector('.message.has-match'))
    })
  }
  function openCell(cell, how) {
    how = how || {}
    selectedRun = -1
    selectedCell = cell
    if (!how.keepHash) setAddress(cellAddress(cell), how.push !== false)
    cursor = rowOf(-1 - cell)
    drawRows()
    var holder = $('run-details')
    holder.textContent = ''
    holder.appendChild(cellDetail(cell))
    holder.scrollTop = 0
  }
  function toggleCell(cell, open) {
    openCells[cell] = open === undefined ? (openCells[cell] ? 0 : 1) : open ? 1 : 0
    buildRows()
    drawRows()
  }
  // A cell: its trials with their verdicts, and its pass^k for every k with intervals.
  function cellDetail(cell) {
    var scenario = side.text(cells.scenario[cell])
    var trials = cells.trials[cell]
    var root = element('div', { className: 'cell-detail', 'data-cell': String(cell) }, [
      element('h2', { className: 'run-title', text: scenario }),
      element('p', { className: 'run-subtitle' }, [element('span', { className: 'augmentation', text: side.text(cells.augmentation[cell]) }), ' \\u00b7 ', element('a', { href: cellAddress(cell), className: 'permalink', text: 'link to this cell' })]),
      element('p', { className: 'muted', text: 'test ' + side.text(cells.test[cell]) + ', agent ' + side.text(cells.agent[cell]) }),
      element('p', { className: 'cell-passes', text: cells.passes[cell] + ' of ' + trials + ' scored trials passed' + (cells.errors[cell] > 0 ? ', ' + plural(cells.errors[cell], 'run') + ' not scored: ' + cellErrorText(cell) : '') + '; mean score ' + milli(cells.meanScore[cell]) }),
    ])
    root.appendChild(element('h3', { text: 'Trials' }))
    root.appendChild(element('div', { className: 'trials' }, runsOfCell[cell].map(function (i) {
      var run = side.run(i)
      return element('a', { href: runAddress(i), className: 'trial-link verdict-' + run.verdict, 'data-run': String(i), text: 'trial ' + run.trial + ': ' + run.verdict + ' ' + milli(run.score) })
    })))
    if (trials > 0) {
      root.appendChild(element('h3', { text: 'pass^k' }))
      root.appendChild(element('p', { className: 'muted', text: 'The chance that k trials all pass: C(passes, k) / C(trials, k), with 95% Wilson score intervals; pass^1 is the pass rate.' }))
      var hatRows = []
      for (var k = 1; k <= trials; k++) {
        var hat = cellHat(cell, k)
        hatRows.push(element('tr', {}, [element('th', { text: String(k) }), element('td', { className: 'number', style: heat(hat[0] / 1000), text: milli(hat[0]) }), element('td', { className: 'number', text: milli(hat[1]) + '-' + milli(hat[2]) })]))
      }
      root.appendChild(element('div', { className: 'scroll-small' }, [element('table', { className: 'cell-pass-hat-k' }, [element('thead', {}, [headerRow(['k', 'pass^k', '95% interval'])]), element('tbody', {}, hatRows)])]))
    }
    return root
  }

  $('runs-rows').addEventListener('click', function (event) {
    var group = event.target.closest('.grouped-cell')
    if (group) {
      var cell = Number(group.getAttribute('data-cell'))
      toggleCell(cell)
      openCell(cell)
      return
    }
    var row = event.target.closest('.run-row')
    if (row) openRun(Number(row.getAttribute('data-run')))
  })

  // Follows the address: a link, the back and forward buttons, or a page opened at one.
  function followAddress() {
    var id = location.hash.slice(1)
    if (!id) { closeDetail(); return }
    var target = (addresses || buildAddresses()).find(id)
    if (!target) return
    var cell = target.run !== undefined ? (runs.cell ? runs.cell[target.run] : -1) : target.cell
    if (target.run !== undefined && !shownRun[target.run]) resetFilters()
    if (target.cell !== undefined && shownInCell[target.cell] === 0) resetFilters()
    if (grouped(cell) && target.run !== undefined && !openCells[cell]) toggleCell(cell, true)
    if (target.run !== undefined) openRun(target.run, { keepHash: true })
    else openCell(target.cell, { keepHash: true })
    if (cursor >= 0) scrollToRow(cursor)
  }
  function resetFilters() {
    ;['filter-category', 'filter-augmentation', 'filter-agent', 'filter-status', 'filter-text', 'filter-conversation'].forEach(function (id) { $(id).value = '' })
    conversationQuery = ''
    conversationMatches = null
    applyFilters()
  }
  function closeDetail() {
    selectedRun = -1
    selectedCell = -1
    var holder = $('run-details')
    holder.textContent = ''
    holder.appendChild(element('p', { className: 'muted hint', text: 'Select a run to see its milestones, the tools it was shown and its conversation, or a cell to see its trials and pass^k.' }))
    drawRows()
  }
  window.addEventListener('hashchange', followAddress)
  window.addEventListener('popstate', followAddress)

  // --- the keyboard ---
  function moveTo(at, how) {
    if (rowCount === 0) return
    cursor = Math.max(0, Math.min(rowCount - 1, at))
    scrollToRow(cursor)
    var item = rows[cursor]
    if (item >= 0) openRun(item, how)
    else openCell(-1 - item, how)
  }
  // The runs in the list's order, those of closed cells included: n and p step through them.
  function runSequence() {
    var sequence = []
    for (var at = 0; at < rowCount; at++) {
      var item = rows[at]
      if (item >= 0) sequence.push(item)
      else if (!openCells[-1 - item]) runsOfCell[-1 - item].forEach(function (run) { if (isShown(run)) sequence.push(run) })
    }
    return sequence
  }
  function stepRun(direction) {
    var sequence = runSequence()
    if (sequence.length === 0) return
    var at = selectedRun < 0 ? -1 : sequence.indexOf(selectedRun)
    var next = sequence[at < 0 ? (direction > 0 ? 0 : sequence.length - 1) : Math.max(0, Math.min(sequence.length - 1, at + direction))]
    var cell = runs.cell ? runs.cell[next] : -1
    if (grouped(cell) && $('group-cells').checked && !openCells[cell]) toggleCell(cell, true)
    openRun(next, { push: false })
    if (cursor >= 0) scrollToRow(cursor)
  }
  function back() {
    if (selectedRun >= 0 && grouped(selectedCell) && $('group-cells').checked) { openCell(selectedCell, { push: true }); return }
    if (location.hash) history.pushState(null, '', location.pathname + location.search)
    closeDetail()
    $('runs-viewport').focus()
  }
  document.addEventListener('keydown', function (event) {
    var target = event.target
    var typing = target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')
    if (event.key === 'Escape' && typing) { target.blur(); $('runs-viewport').focus(); return }
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return
    var item = cursor >= 0 ? rows[cursor] : null
    var step = Math.max(1, Math.floor($('runs-viewport').clientHeight / ROW_HEIGHT) - 1)
    var handled = true
    switch (event.key) {
      case 'ArrowDown': case 'j': moveTo(cursor + 1, { push: false }); break
      case 'ArrowUp': case 'k': moveTo(cursor < 0 ? 0 : cursor - 1, { push: false }); break
      case 'PageDown': moveTo(cursor + step, { push: false }); break
      case 'PageUp': moveTo(cursor - step, { push: false }); break
      case 'Home': moveTo(0, { push: false }); break
      case 'End': moveTo(rowCount - 1, { push: false }); break
      case 'Enter': case 'o':
        if (item === null) moveTo(0)
        else if (item < 0) { toggleCell(-1 - item); openCell(-1 - item) }
        else openRun(item)
        break
      case 'ArrowRight': case 'l':
        if (item !== null && item < 0 && !openCells[-1 - item]) { toggleCell(-1 - item, true); openCell(-1 - item, { push: false }) }
        else if (item !== null && item < 0) moveTo(cursor + 1, { push: false })
        else handled = false
        break
      case 'ArrowLeft': case 'h':
        if (item !== null && item < 0 && openCells[-1 - item]) { toggleCell(-1 - item, false); openCell(-1 - item, { push: false }) }
        else if (item !== null && item >= 0 && grouped(runs.cell ? runs.cell[item] : -1) && $('group-cells').checked) openCell(runs.cell[item], { push: false })
        else handled = false
        break
      case 'n': stepRun(1); break
      case 'p': stepRun(-1); break
      case 'Escape': case 'Backspace': back(); break
      case '/': $('filter-text').focus(); break
      case '?': $('keys').toggleAttribute('open'); break
      default: handled = false
    }
    if (handled) event.preventDefault()
  })

  applyFilters()
  if (location.hash) followAddress()
`
