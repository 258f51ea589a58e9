/**
 * The report page's own script (after `HTML_COMMON_SCRIPT`): the summary (the category ×
 * augmentation heatmap, per-agent figures, pass^k with intervals), the filters, the run list and
 * the detail of the selected run. The run list is virtual: it draws only the rows in view, and
 * filtering loops over the embedded columns, so a report of 100,000 runs opens and filters in a
 * moment. Clicking a heatmap cell filters the list to that category and column.
 */
export const HTML_REPORT_SCRIPT = `
  var side = reportSide('toolcheck-index', 'toolcheck-details')
  var index = side.index
  var summary = index.summary
  var runs = index.runs
  var ROW_HEIGHT = 28

  // --- summary ---
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
      element('td', { className: 'number', text: tokens(group.usage.promptTokens + group.usage.completionTokens) }),
      element('td', { className: 'number', text: cost(group.usage.costUsd) }),
    ]
  }
  var GROUP_TITLES = ['runs', 'score', '95% interval', 'pass rate', '95% interval', 'turns', 'domain errors', 'infrastructure errors', 'tokens', 'cost']
  function groupTable(id, title, groups) {
    var names = Object.keys(groups)
    return element('table', { id: id, className: 'groups' }, [
      element('thead', {}, [headerRow([title].concat(GROUP_TITLES))]),
      element('tbody', {}, names.map(function (name) { return element('tr', {}, [element('td', { text: name })].concat(groupCells(groups[name]))) })
        .concat([element('tr', { className: 'overall' }, [element('td', { text: 'overall' })].concat(groupCells(summary.overall)))])),
    ])
  }

  var metric = 'meanScore'
  function heatmap() {
    var matrix = summary.matrix
    var value = function (group) { return group ? group[metric] : null }
    var cell = function (group, category, column) {
      var shown = value(group)
      var title = group ? plural(group.runs, 'run') + ', score ' + fixed(group.meanScore) + ' (' + interval(group.scoreInterval) + '), pass rate ' + fixed(group.passRate) + ' (' + interval(group.passRateInterval) + ')' : 'no runs'
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
    // The robustness figures, when runs had robustness augmentations: three columns after 'all'
    // (attack success is coloured the other way round: less is better).
    var robustness = summary.robustness
    var figures = robustness ? [['utility', 'utility'], ['utilityUnderAttack', 'utility under attack'], ['attackSuccess', 'attack success']] : []
    var figureCells = function (group) {
      return figures.map(function (figure) {
        var shown = group ? group[figure[0]] : null
        var text = shown === null || shown === undefined ? '' : fixed(shown)
        var title = group ? figure[1] + ' ' + (text || '-') + ' (' + plural(group.runs, 'run') + ' without an attack, ' + plural(group.attackedRuns, 'run') + ' with one; ' + group.falseClaims + ' false claims)' : 'no runs'
        return element('td', { className: 'heat number robustness', style: heat(figure[0] === 'attackSuccess' && text ? 1 - shown : shown), title: title, text: text })
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
      element('thead', {}, [headerRow(['category \\\\ augmentation'].concat(matrix.columns).concat(['all']).concat(figures.map(function (figure) { return figure[1] })))]),
      element('tbody', {}, rows),
    ])
    table.addEventListener('click', function (event) {
      var target = event.target.closest('td.clickable')
      if (!target) return
      document.getElementById('filter-category').value = target.getAttribute('data-category')
      document.getElementById('filter-augmentation').value = target.getAttribute('data-column')
      applyFilters()
      document.getElementById('runs').scrollIntoView()
    })
    return table
  }
  function renderHeatmap() {
    var holder = document.getElementById('heatmap-holder')
    holder.textContent = ''
    holder.appendChild(heatmap())
  }
  document.getElementById('heatmap-metric').addEventListener('change', function (event) {
    metric = event.target.value
    renderHeatmap()
  })
  renderHeatmap()
  if (index.agents.length > 1) {
    var agentsNode = document.getElementById('agents')
    agentsNode.appendChild(element('h2', { text: 'By agent' }))
    agentsNode.appendChild(groupTable('by-agent', 'agent', summary.byAgent))
  }
  document.getElementById('groups').appendChild(groupTable('by-category', 'category', summary.byCategory))
  document.getElementById('groups').appendChild(groupTable('by-augmentation', 'augmentation', summary.byAugmentation))

  var ks = Object.keys(summary.passHatK)
  if (ks.length > 1) {
    var node = document.getElementById('pass-hat-k')
    node.appendChild(element('h2', { text: 'pass^k' }))
    node.appendChild(element('p', { className: 'muted', text: 'The chance that k trials of a scenario all pass (the mean over scenario-augmentation pairs), with 95% intervals.' }))
    node.appendChild(element('table', { id: 'pass-hat-k-overall' }, [
      element('thead', {}, [headerRow(['k'].concat(ks))]),
      element('tbody', {}, [
        element('tr', {}, [element('th', { text: 'pass^k' })].concat(ks.map(function (k) { return element('td', { className: 'number', style: heat(summary.passHatK[k]), text: fixed(summary.passHatK[k]) }) }))),
        element('tr', {}, [element('th', { text: '95% interval' })].concat(ks.map(function (k) { return element('td', { className: 'number', text: interval(summary.passHatKInterval[k]) }) }))),
      ]),
    ]))
    var tasks = index.tasks
    var order = tasks.trials.map(function (_, position) { return position })
    order.sort(function (a, b) { return tasks.passHatK[a] - tasks.passHatK[b] || a - b })
    var LIMIT = 2000
    node.appendChild(element('div', { className: 'scroll' }, [element('table', { id: 'pass-hat-k-tasks' }, [
      element('thead', {}, [headerRow(['scenario', 'augmentation', 'agent', 'trials', 'passes', 'pass^k (k = trials)', '95% interval'])]),
      element('tbody', {}, order.slice(0, LIMIT).map(function (position) {
        return element('tr', {}, [
          element('td', { text: side.text(tasks.scenario[position]) }),
          element('td', { text: side.text(tasks.augmentation[position]) }),
          element('td', { text: side.text(tasks.agent[position]) }),
          element('td', { className: 'number', text: String(tasks.trials[position]) }),
          element('td', { className: 'number', text: String(tasks.passes[position]) }),
          element('td', { className: 'number', style: heat(tasks.passHatK[position] / 1000), text: milli(tasks.passHatK[position]) }),
          element('td', { className: 'number', text: milli(tasks.low[position]) + '-' + milli(tasks.high[position]) }),
        ])
      })),
    ])]))
    if (order.length > LIMIT) node.appendChild(element('p', { className: 'muted', text: 'the ' + LIMIT + ' lowest of ' + order.length + ' pairs are listed' }))
  }

  // --- filters and the run list ---
  function fillSelect(id, values) {
    var select = document.getElementById(id)
    values.forEach(function (value) { select.appendChild(element('option', { value: value, text: value })) })
    select.addEventListener('change', applyFilters)
  }
  fillSelect('filter-category', summary.matrix.categories)
  fillSelect('filter-augmentation', summary.matrix.columns)
  fillSelect('filter-agent', index.agents)
  document.getElementById('filter-status').addEventListener('change', applyFilters)
  document.getElementById('filter-text').addEventListener('input', applyFilters)

  // Per list of strings, whether it holds a value: lists are few, runs many.
  function listsHolding(value) {
    var id = index.strings.indexOf(value)
    return index.lists.map(function (list) { return list.indexOf(id) !== -1 })
  }
  var shown = new Int32Array(side.count)
  var shownCount = 0
  var selected = -1
  function applyFilters() {
    var category = document.getElementById('filter-category').value
    var column = document.getElementById('filter-augmentation').value
    var agent = document.getElementById('filter-agent').value
    var status = document.getElementById('filter-status').value
    var text = document.getElementById('filter-text').value.toLowerCase()
    var inCategory = category ? listsHolding(category) : null
    var inColumn = column ? listsHolding(column) : null
    var agentId = agent ? index.strings.indexOf(agent) : -1
    // The verdict filter also picks the runs of one culprit: the agent's own code, the domain, the infrastructure.
    var verdict = status ? VERDICTS.indexOf(status) : -1
    var culprit = status ? CULPRITS.indexOf(status) : -1
    // Text matches are decided once per distinct scenario and test name.
    var textMatches = null
    if (text) {
      textMatches = new Uint8Array(index.strings.length)
      for (var s = 0; s < index.strings.length; s++) if (index.strings[s].toLowerCase().indexOf(text) !== -1) textMatches[s] = 1
    }
    shownCount = 0
    for (var i = 0; i < side.count; i++) {
      if (inCategory && !inCategory[runs.categories[i]]) continue
      // A run matches every augmentation column it counts under (a sweep's combined ones, several).
      if (inColumn && !inColumn[runs.columns[i]]) continue
      if (agentId >= 0 && runs.agent[i] !== agentId) continue
      if (verdict >= 0 && runs.verdict[i] !== verdict) continue
      if (culprit >= 0 && runs.culprit[i] !== culprit) continue
      if (textMatches && !textMatches[runs.scenario[i]] && !textMatches[runs.test[i]]) continue
      shown[shownCount++] = i
    }
    document.getElementById('runs-count').textContent = shownCount + ' of ' + side.count + ' runs'
    var spacer = document.getElementById('runs-spacer')
    spacer.style.height = (shownCount * ROW_HEIGHT) + 'px'
    document.getElementById('runs-viewport').scrollTop = 0
    drawRows()
  }
  function rowFor(i, top) {
    var run = side.run(i)
    var row = element('div', { className: 'run-row' + (i === selected ? ' selected' : ''), 'data-run': String(i), tabindex: '0', role: 'row', style: 'top:' + top + 'px' }, [
      element('span', { className: 'cell scenario', text: run.scenario, title: run.scenario }),
      element('span', { className: 'cell test muted', text: run.test, title: run.file + ' > ' + run.test }),
      element('span', { className: 'cell augmentation', text: run.augmentation, title: run.augmentation }),
      element('span', { className: 'cell number', text: String(run.trial) }),
      element('span', { className: 'cell verdict verdict-' + run.verdict, text: run.verdict, title: run.culprit ? 'ended by the ' + (run.culprit === 'agent' ? "agent's own code" : run.culprit) : null }),
      element('span', { className: 'cell number score', text: milli(run.score) }),
      element('span', { className: 'cell number', text: String(run.turns) }),
      element('span', { className: 'cell number', text: tokens(run.promptTokens + run.completionTokens) }),
      element('span', { className: 'cell number', text: cost(run.cost) }),
      element('span', { className: 'cell error-kind', text: run.culprit ? run.culprit + ': ' + run.errorKind : '', title: run.errorMessage }),
    ])
    return row
  }
  function drawRows() {
    var viewport = document.getElementById('runs-viewport')
    var body = document.getElementById('runs-rows')
    var first = Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - 10)
    var last = Math.min(shownCount, Math.ceil((viewport.scrollTop + viewport.clientHeight) / ROW_HEIGHT) + 10)
    body.textContent = ''
    for (var position = first; position < last; position++) body.appendChild(rowFor(shown[position], position * ROW_HEIGHT))
  }
  var pending = false
  document.getElementById('runs-viewport').addEventListener('scroll', function () {
    if (pending) return
    pending = true
    requestAnimationFrame(function () { pending = false; drawRows() })
  })
  function openFromEvent(event) {
    var row = event.target.closest('.run-row')
    if (row) showRun(Number(row.getAttribute('data-run')))
  }
  document.getElementById('runs-rows').addEventListener('click', openFromEvent)
  document.getElementById('runs-rows').addEventListener('keydown', function (event) { if (event.key === 'Enter') openFromEvent(event) })

  function showRun(i) {
    selected = i
    drawRows()
    renderRunDetail(side, i).then(function (node) {
      // A later click wins over a detail still unpacking.
      if (selected !== i) return
      var details = document.getElementById('run-details')
      details.textContent = ''
      details.appendChild(node)
      details.scrollTop = 0
    })
  }

  if (index.problems.length > 0) {
    var problems = document.getElementById('problems')
    problems.appendChild(element('h2', { text: plural(index.problems.length, 'test') + ' failed without recording a run' }))
    problems.appendChild(element('ul', {}, index.problems.map(function (problem) { return element('li', { text: problem.file + ' > ' + problem.test + ': ' + problem.message.split('\\n')[0] }) })))
  }
  applyFilters()
`
