package discordtest

import "github.com/gunbai/gunbai/bot/discordfake"

// The fake's vocabulary, so that a test imports one package: the same
// types, builders and constants as bot/discordfake's (aliases, not
// copies; see there for each).

type (
	Call            = discordfake.Call
	Change          = discordfake.Change
	Fault           = discordfake.Fault
	FaultMatch      = discordfake.FaultMatch
	File            = discordfake.File
	Frame           = discordfake.Frame
	GatewaySession  = discordfake.GatewaySession
	Identify        = discordfake.Identify
	Interaction     = discordfake.Interaction
	InteractionInfo = discordfake.InteractionInfo
	Member          = discordfake.Member
	MentionProblem  = discordfake.MentionProblem
	Message         = discordfake.Message
	Option          = discordfake.Option
	Options         = discordfake.Options
	Response        = discordfake.Response
	ResponseKind    = discordfake.ResponseKind
	TextProblem     = discordfake.TextProblem
	Thread          = discordfake.Thread
)

// Builders of options and faults, and the fake's helpers.
var (
	StringOpt       = discordfake.StringOpt
	IntOpt          = discordfake.IntOpt
	NumberOpt       = discordfake.NumberOpt
	BoolOpt         = discordfake.BoolOpt
	UserOpt         = discordfake.UserOpt
	MemberOpt       = discordfake.MemberOpt
	RoleOpt         = discordfake.RoleOpt
	ChannelOpt      = discordfake.ChannelOpt
	AttachmentOpt   = discordfake.AttachmentOpt
	Subcommand      = discordfake.Subcommand
	SubcommandGroup = discordfake.SubcommandGroup
	Focus           = discordfake.Focus

	RateLimited        = discordfake.RateLimited
	GlobalRateLimited  = discordfake.GlobalRateLimited
	ServerError        = discordfake.ServerError
	BadGateway         = discordfake.BadGateway
	CannotSendToUser   = discordfake.CannotSendToUser
	MissingPermissions = discordfake.MissingPermissions
	MissingAccess      = discordfake.MissingAccess
	UnknownChannel     = discordfake.UnknownChannel
	UnknownInteraction = discordfake.UnknownInteraction

	FilePath = discordfake.FilePath
	ShardOf  = discordfake.ShardOf

	// Components V2: texts and buttons and menus at any depth.
	Texts       = discordfake.Texts
	Interactive = discordfake.Interactive
	CustomID    = discordfake.CustomID
)

const (
	Always                = discordfake.Always
	AckWindow             = discordfake.AckWindow
	PermissionPinMessages = discordfake.PermissionPinMessages
	DefaultLocale         = discordfake.DefaultLocale
	DefaultAppPermissions = discordfake.DefaultAppPermissions

	KindCallback       = discordfake.KindCallback
	KindEditOriginal   = discordfake.KindEditOriginal
	KindDeleteOriginal = discordfake.KindDeleteOriginal
	KindFollowup       = discordfake.KindFollowup
	KindEditFollowup   = discordfake.KindEditFollowup
	KindDeleteFollowup = discordfake.KindDeleteFollowup
)
