"""A fake Discord on this machine: the REST routes and the gateway that Portolan uses.

The real bot process (``python -m bot run``) is pointed at it through
``PORTOLAN_DISCORD_API_URL`` and ``PORTOLAN_DISCORD_GATEWAY_URL``. It holds one guild with a
few text channels and users, records everything the bot sends, answers the way Discord does
(including its errors: 404 for a late interaction, 400 for a second acknowledgement, 403/50007
for closed DMs, 429 when told to), and files every payload Discord would refuse, and every
answer of its own that Discord's description would not give, in :attr:`FakeDiscord.problems`,
which the tests require to stay empty.

- :mod:`.server` — the aiohttp application (REST + gateway) and the recorded world;
- :mod:`.openapi` — Discord's OpenAPI description (``spec/``), every request, answer and
  dispatch checked against it;
- :mod:`.limits` — Discord's documented payload limits, checked on every request;
- :mod:`.users` — people who type slash commands, pick autocomplete values and click;
- :mod:`.process` — starting, stopping and killing the bot process.
"""

from tests.fakediscord.process import BotProcess
from tests.fakediscord.server import FakeDiscord, Message
from tests.fakediscord.users import Exchange, Person

__all__ = ["BotProcess", "Exchange", "FakeDiscord", "Message", "Person"]
