import AchievementsCommand

Achievements.main()
