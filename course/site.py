"""Where the course is published, for code that runs far from the repository (Colab).

``_config.yml`` (``repository.url`` and ``repository.branch``) is the one place that says it;
``python scripts/refresh.py`` writes the two constants below from it and a test checks they agree.
The site address follows GitHub Pages' rule for a project site: ``https://<owner>.github.io/<repo>/``.
"""
REPOSITORY = 'https://github.com/curso-ml-pt/avaliando-classificadores'
BRANCH = 'main'


def pages_url(repository: str = REPOSITORY) -> str:
    """The GitHub Pages address of a repository: ``https://<owner>.github.io/<repo>/``."""
    owner, repo = repository.rstrip('/').split('/')[-2:]
    return f'https://{owner.lower()}.github.io/{repo}/'


SITE_URL = pages_url()
