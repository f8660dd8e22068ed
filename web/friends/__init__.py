"""Play with friends on other devices: the host's and the guests' sides of the
protocol, the seats behind the table, the invitations and links of the page."""
